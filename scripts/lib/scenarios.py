"""The public acceptance scenarios (../shared/scenarios), less those of features not built
yet (scripts/pending-scenarios.txt): what every script that sends scenario requests reads."""
import glob
import json
import os

PENDING_FILE = os.path.join(os.path.dirname(__file__), "..", "pending-scenarios.txt")


def pending():
    """The names in scripts/pending-scenarios.txt."""
    with open(PENDING_FILE, encoding="utf-8") as handle:
        return {line.rstrip("\n") for line in handle if line.strip() and not line.startswith("#")}


def load(folder):
    """(file name, scenario) for every scenario in folder's *.json files, in file order, the
    pending ones left out."""
    skip = pending()
    for fname in sorted(glob.glob(os.path.join(folder, "*.json"))):
        for scenario in json.load(open(fname, encoding="utf-8")):
            if scenario.get("name") not in skip:
                yield fname, scenario
