#!/usr/bin/env python3
"""What the real gpsd reads from each NMEA track made here: for every svc-track-*.raw.nmea in
this folder (or the files named), write NAME.gpsd.jsonl, the reports gpsd sends a watching
client while the stream is fed to it through a serial line. No svc code is involved: socat joins
two ptys (raw, no echo), `gpsd -N -n -b -S PORT` reads one end on a free loopback port, this
script writes the stream to the other end in 64-byte pieces 3 ms apart (a 4800-baud receiver's
pace, roughly) and keeps gpsd's VERSION line and its TPV and SKY reports, in order, as gpsd
wrote them, except the device path (a temporary pty) and SKY's per-satellite list (the counts
nSat and uSat stay). Needs python3, socat and gpsd (Debian: apt-get install socat gpsd).
Usage: python3 make-gpsd-reference.py [NAME.raw.nmea ...]"""
import glob, os, re, socket, subprocess, sys, tempfile, threading, time

here = os.path.dirname(os.path.abspath(__file__))

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

def wait_for(what, check, seconds=10):
    deadline = time.time() + seconds
    while not check():
        if time.time() > deadline:
            sys.exit(f"timed out waiting for {what}")
        time.sleep(0.02)

def gpsd_reading(stream):
    tmp = tempfile.mkdtemp(prefix="svc-gpsd-ref-")
    device, peer = os.path.join(tmp, "device"), os.path.join(tmp, "peer")
    socat = subprocess.Popen(["socat", f"pty,raw,echo=0,link={device}", f"pty,raw,echo=0,link={peer}"])
    gpsd = None
    try:
        wait_for("socat's ptys", lambda: os.path.exists(device) and os.path.exists(peer))
        port = free_port()
        gpsd = subprocess.Popen(["gpsd", "-N", "-n", "-b", "-S", str(port), device], stderr=subprocess.DEVNULL)
        client = None
        def connected():
            nonlocal client
            try:
                client = socket.create_connection(("127.0.0.1", port))
                return True
            except OSError:
                return False
        wait_for("gpsd", connected)
        client.sendall(b'?WATCH={"enable":true,"json":true};\n')
        lines, last_seen = [], [time.time()]
        def read():
            pending = b""
            while True:
                try:
                    chunk = client.recv(65536)
                except OSError:
                    return
                if not chunk:
                    return
                pending += chunk
                *done, pending = pending.split(b"\n")
                lines.extend(line.decode().strip() for line in done)
                last_seen[0] = time.time()
        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        wait_for("gpsd's WATCH answer", lambda: any('"class":"WATCH"' in line for line in lines))
        fd = os.open(peer, os.O_WRONLY | os.O_NOCTTY)
        with open(stream, "rb") as f:
            data = f.read()
        for at in range(0, len(data), 64):
            os.write(fd, data[at:at + 64])
            time.sleep(0.003)
        # Done when gpsd has said nothing for 2 s.
        wait_for("gpsd to go quiet", lambda: time.time() - last_seen[0] > 2, seconds=60)
        os.close(fd)
        client.close()
    finally:
        for process in (gpsd, socat):
            if process:
                process.terminate()
                process.wait()
        for name in (device, peer):
            if os.path.lexists(name):
                os.unlink(name)
        os.rmdir(tmp)
    kept = []
    for line in lines:
        if line.startswith('{"class":"VERSION"'):
            kept.append(line)
        elif line.startswith(('{"class":"TPV"', '{"class":"SKY"')):
            line = re.sub(r'"device":"[^"]*",', "", line)
            kept.append(re.sub(r',"satellites":\[[^\]]*\]', "", line))
    return kept

streams = sys.argv[1:] or sorted(glob.glob(os.path.join(here, "svc-track-*.raw.nmea")))
for stream in streams:
    reports = gpsd_reading(stream)
    out = stream[: -len(".raw.nmea")] + ".gpsd.jsonl"
    with open(out, "w") as f:
        f.write("".join(line + "\n" for line in reports))
    tpv = [line for line in reports if '"class":"TPV"' in line]
    print(os.path.basename(out), len(tpv), "TPV", sum('"mode":3' in line or '"mode":2' in line for line in tpv), "with a fix",
          len(reports) - len(tpv) - 1, "SKY")
