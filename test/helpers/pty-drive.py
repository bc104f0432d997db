"""Runs a command in a pseudo-terminal, answers its prompts, and prints what the screen showed.

Usage: python3 pty-drive.py SCRIPT_JSON
SCRIPT_JSON: {"argv": [...], "env": {...}, "steps": [{"expect": REGEX, "send": TEXT}], "timeout": SECONDS}
Each step waits until REGEX matches the output received since the previous step matched, then
types TEXT. Prints one JSON line: {"code": EXIT_CODE, "screen": ALL_OUTPUT, "failed": STEP_OR_NULL}.
"""
import json
import os
import pty
import re
import select
import signal
import sys
import time

spec = json.loads(sys.argv[1])
timeout = float(spec.get("timeout", 20))
env = dict(os.environ)
for k, v in spec.get("env", {}).items():
    if v is None:
        env.pop(k, None)
    else:
        env[k] = v

pid, fd = pty.fork()
if pid == 0:
    os.execvpe(spec["argv"][0], spec["argv"], env)

screen = b""
mark = 0
failed = None
deadline = time.time() + timeout


def read_some(wait):
    global screen
    r, _, _ = select.select([fd], [], [], wait)
    if not r:
        return True
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        return False
    if not chunk:
        return False
    screen += chunk
    return True


alive = True
for i, step in enumerate(spec.get("steps", [])):
    pattern = re.compile(step["expect"].encode(), re.S)
    while alive and not pattern.search(screen, mark):
        if time.time() > deadline:
            break
        alive = read_some(0.05)
    m = pattern.search(screen, mark)
    if not m:
        failed = {"step": i, "expect": step["expect"]}
        break
    mark = m.end()
    time.sleep(step.get("delay", 0.15))
    os.write(fd, step["send"].encode())

while alive and time.time() < deadline:
    alive = read_some(0.1)

if alive:
    os.kill(pid, signal.SIGKILL)
_, status = os.waitpid(pid, 0)
code = os.waitstatus_to_exitcode(status)
print(json.dumps({"code": code, "screen": screen.decode("utf-8", "replace"), "failed": failed}))
