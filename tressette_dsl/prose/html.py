"""The rules page as one HTML document: the Markdown subset `describe` writes (headings,
paragraphs, bullet and numbered lists, tables, **bold**, `code`), converted line by line.
A page of our own making needs no Markdown library; everything is escaped first."""

from __future__ import annotations

import html
import re

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`([^`]+)`")
_NUMBERED = re.compile(r"^\d+\. ")

STYLE = (
    "body{font-family:Georgia,serif;max-width:46em;margin:2em auto;padding:0 1em;"
    "line-height:1.45}table{border-collapse:collapse}td,th{border:1px solid #999;"
    "padding:.2em .6em;text-align:left}code{font-size:.95em}"
)


def inline(text: str) -> str:
    out = html.escape(text, quote=False)
    out = _BOLD.sub(r"<strong>\1</strong>", out)
    return _CODE.sub(r"<code>\1</code>", out)


def to_html(markdown: str) -> str:
    lines = markdown.splitlines()
    title = next((ln[2:] for ln in lines if ln.startswith("# ")), "Rules")
    body: list[str] = []
    open_list: str | None = None
    table: list[list[str]] = []

    def close() -> None:
        nonlocal open_list
        if open_list:
            body.append(f"</{open_list}>")
            open_list = None
        if table:
            head, rows = table[0], table[2:]
            body.append("<table><thead><tr>" + "".join(f"<th>{inline(c)}</th>" for c in head))
            body.append("</tr></thead><tbody>")
            for row in rows:
                body.append("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in row) + "</tr>")
            body.append("</tbody></table>")
            table.clear()

    for line in lines:
        if line.startswith("|"):
            if open_list:
                body.append(f"</{open_list}>")
                open_list = None
            table.append([c.strip() for c in line.strip().strip("|").split("|")])
            continue
        if table:
            close()
        if not line.strip():
            close()
        elif line.startswith("## "):
            close()
            body.append(f"<h2>{inline(line[3:])}</h2>")
        elif line.startswith("# "):
            close()
            body.append(f"<h1>{inline(line[2:])}</h1>")
        elif line.startswith("- ") or _NUMBERED.match(line):
            kind = "ul" if line.startswith("- ") else "ol"
            if open_list != kind:
                close()
                body.append(f"<{kind}>")
                open_list = kind
            text = line[2:] if kind == "ul" else _NUMBERED.sub("", line, count=1)
            body.append(f"<li>{inline(text)}</li>")
        else:
            close()
            body.append(f"<p>{inline(line)}</p>")
    close()
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{inline(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )
