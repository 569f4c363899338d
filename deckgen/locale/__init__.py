"""Data package ``deckgen.locale``: the translations, one gettext catalogue a language
(``<lang>/LC_MESSAGES/deckgen.po``, compiled to ``.mo`` by Babel; see ``deckgen/i18n.py``)."""
