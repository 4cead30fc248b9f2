"""The JSON Schema of rulesets (`ruleset.schema.json`) and its generator (`generate.py`)."""
