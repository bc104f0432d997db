"""Runs a command in a real pseudo-terminal, answers prompts, and reports the screen.

Input (argv[1], JSON): {"argv": [...], "env": {...}, "steps": [{"expect": regex, "send": text}], "timeout": s}
Output (stdout, JSON): {"code": exit code or null, "output": everything the terminal showed, "timedOut": bool}
"""
import json, os, pty, re, select, signal, sys, time

spec = json.loads(sys.argv[1])
deadline = time.time() + spec.get("timeout", 20)
pid, fd = pty.fork()
if pid == 0:
    env = dict(os.environ)
    env.update({k: v for k, v in spec.get("env", {}).items() if v is not None})
    for k, v in spec.get("env", {}).items():
        if v is None:
            env.pop(k, None)
    env.setdefault("TERM", "xterm-256color")
    os.execvpe(spec["argv"][0], spec["argv"], env)

out = b""
def read_some(wait):
    global out
    r, _, _ = select.select([fd], [], [], wait)
    if not r:
        return True
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        return False
    if not chunk:
        return False
    out += chunk
    return True

timed_out = False
alive = True
mark = 0
for step in spec.get("steps", []):
    pattern = re.compile(step["expect"].encode())
    while alive and not pattern.search(out, mark):
        if time.time() > deadline:
            timed_out = True
            break
        alive = read_some(0.05)
    if timed_out or not alive:
        break
    mark = len(out)
    os.write(fd, step["send"].encode())
while alive and time.time() < deadline:
    alive = read_some(0.05)
if alive:
    timed_out = True
    os.kill(pid, signal.SIGKILL)
_, status = os.waitpid(pid, 0)
code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
print(json.dumps({"code": code, "output": out.decode("utf-8", "replace"), "timedOut": timed_out}))
