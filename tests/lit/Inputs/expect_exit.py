"""expect_exit.py CODE -- COMMAND...: runs COMMAND, passing its output through, and fails
unless it exits with status CODE."""
import subprocess
import sys

code = int(sys.argv[1])
assert sys.argv[2] == "--", "usage: expect_exit.py CODE -- COMMAND..."
done = subprocess.run(sys.argv[3:])
if done.returncode != code:
    sys.stderr.write("expected exit status %d, got %d\n" % (code, done.returncode))
    sys.exit(1)
