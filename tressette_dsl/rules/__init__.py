"""The ruleset model (`model`), the names of each expression slot (`scopes`) and the
builder that compiles a checked document into a `Ruleset` (`build`)."""

from tressette_dsl.rules.model import Ruleset

__all__ = ["Ruleset"]
