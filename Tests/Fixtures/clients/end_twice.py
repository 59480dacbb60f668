#!/usr/bin/python3
"""Ends its own alert and its own menu twice, the three requests in one write
(standard library only). The first alert.dismiss / menu.close ends it (its
own answer, dismissed / cancelled, comes first); the second must find
nothing (-32004), as for one a key answered meanwhile. Regression: the
second one was answered as a success while the daemon had not yet forgotten
the request it ended (found by make soak, with a key answering the alert
while the client's alert.dismiss waited). Exits 0 when every round holds."""
import json
import os
import socket
import sys

sock = socket.socket(socket.AF_UNIX)
sock.connect(os.environ["KEYMENU_SOCKET"])
stream = sock.makefile("rwb")


def request(request_id, method, params):
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}).encode() + b"\n"


def check(condition, what):
    if not condition:
        print("FAILED:", what)
        sys.exit(1)


for round_number in range(20):
    for show, end, member, ended in [
        ("alert.show", "alert.dismiss", "dismissed", {"button": None, "reason": "dismissed", "title": None}),
        ("menu.open", "menu.close", "closed", {"cancelled": True, "reason": "closed"}),
    ]:
        first = round_number * 10 + (0 if show == "alert.show" else 5)
        params = {"title": f"Twice {first}", "items": [{"title": "A"}]}
        stream.write(request(first, show, params) + request(first + 1, end, {"request": first})
                     + request(first + 2, end, {"request": first}))
        stream.flush()
        answers = [json.loads(stream.readline()) for _ in range(3)]
        ids = [answer["id"] for answer in answers]
        check(ids == [first, first + 1, first + 2], f"{show}: answers in the order {ids}")
        check(answers[0].get("result") == ended, f"{show} answered {answers[0]}")
        check(isinstance(answers[1].get("result", {}).get(member), str), f"the first {end}: {answers[1]}")
        check(answers[2].get("error", {}).get("code") == -32004, f"the second {end}: {answers[2]}")
print("ended twice: the second is -32004")
