"""check_forms.py REPORT COROUTINES MADE BLOCKING: the gathered-form counts of a JSON report
(its first file and the totals), and a reason for every function kept blocking."""
import json
import sys

path, coroutines, made, blocking = sys.argv[1], *map(int, sys.argv[2:5])
report = json.load(open(path))
form = report["files"][0]["batch_form"]
want = {"coroutines": coroutines, "made_coroutines": made, "blocking": blocking}
got = {k: form[k] for k in want}
totals = {k: report["batch_form"][k] for k in want}
if form["form"] != "gathered" or got != want or totals != want:
    sys.exit("%s: batch form %s, totals %s; expected %s" % (path, form, totals, want))
kept = form["kept_blocking"]
if len(kept) != blocking or not all(k["reason"] and k["function"] and k["line"] for k in kept):
    sys.exit("%s: kept_blocking %s" % (path, kept))
