"""line_endings.py crlf|lf FILE: fails unless every line of FILE ends as asked."""
import sys

want, path = sys.argv[1], sys.argv[2]
data = open(path, "rb").read()
lines = data.split(b"\n")[:-1]
bad = [i + 1 for i, line in enumerate(lines) if line.endswith(b"\r") != (want == "crlf")]
if not lines or bad:
    sys.stderr.write("%s: lines not ending in %s: %s\n" % (path, want, bad[:10]))
    sys.exit(1)
