"""Rules in the words a card player uses: expressions read aloud (`words`), the terms of
the game explained (`glossary`)."""
