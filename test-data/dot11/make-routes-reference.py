#!/usr/bin/env python3
"""For each capture given (default: the ones the Kismet read-route tests replay), write
NAME.routes.json from one tshark pass (tshark -T fields; python3's standard library; no svc code):
  frequencies_mhz  frames per radio frequency, and the transmitters (wlan.ta) whose last frame was on it
  channels         frames per 802.11 channel of the radio header
  to_ds_stations   per BSSID, the stations that sent it data frames towards the DS (To-DS)
  ssids            per SSID (non-empty, as text), the transmitters beaconing it, answering probes
                   for it, and probing for it
Malformed frames count for frequencies and channels (their radio header is intact) but not for
the address-based sets."""
import collections, json, os, subprocess, sys

FIELDS = ["wlan_radio.frequency", "wlan_radio.channel", "wlan.ta", "wlan.bssid", "wlan.fc.type",
          "wlan.fc.type_subtype", "wlan.fc.ds", "wlan.ssid", "_ws.malformed"]
here = os.path.dirname(os.path.abspath(__file__))
files = sys.argv[1:] or ["synthetic_radiotap_10k_seed1.pcap"]
version = subprocess.run(["tshark", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
for name in files:
    path = os.path.join(here, name)
    out = subprocess.run(["tshark", "-n", "-r", path, "-T", "fields", "-E", "separator=/t", "-E", "occurrence=f",
                          *[arg for field in FIELDS for arg in ("-e", field)]], capture_output=True, text=True).stdout
    frames, channels, last = collections.Counter(), collections.Counter(), {}
    to_ds = collections.defaultdict(set)
    ssids = collections.defaultdict(lambda: {"advertising": set(), "responding": set(), "probing": set()})
    total = 0
    for line in out.splitlines():
        total += 1
        freq, channel, ta, bssid, ftype, subtype, ds, ssid, malformed = (line.split("\t") + [""] * 9)[:9]
        if freq:
            frames[freq] += 1
            if ta:
                last[ta] = freq
        if channel:
            channels[channel] += 1
        if malformed or not ta:
            continue
        if ftype == "2" and ds in ("1", "0x1", "0x01") and bssid and bssid != ta:
            to_ds[bssid].add(ta)
        try:
            text = bytes.fromhex(ssid).decode("utf-8", errors="replace")
        except ValueError:  # tshark shows an SSID it cannot render as bytes in words; none counts
            text = ""
        role = {"0x0008": "advertising", "0x0005": "responding", "0x0004": "probing"}.get(subtype)
        if role and text:
            ssids[text][role].add(ta)
    transmitters = collections.Counter(last.values())
    reference = {
        "file": name,
        "generator": "make-routes-reference.py with " + version,
        "frames_total": total,
        "frequencies_mhz": {f: {"frames": frames[f], "transmitters": transmitters[f]} for f in sorted(frames, key=int)},
        "channels": {c: channels[c] for c in sorted(channels, key=int)},
        "to_ds_stations": {b: sorted(s) for b, s in sorted(to_ds.items())},
        "ssids": {s: {k: sorted(v) for k, v in roles.items()} for s, roles in sorted(ssids.items())},
    }
    target = os.path.join(here, name.rsplit(".", 1)[0] + ".routes.json")
    with open(target, "w") as f:
        json.dump(reference, f, indent=1)
        f.write("\n")
    print(os.path.basename(target), total, "frames", len(frames), "frequencies", len(to_ds), "BSSIDs with To-DS stations", len(ssids), "SSIDs")
