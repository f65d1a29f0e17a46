"""Prepares a fresh server for the fuzzer: signs up and logs in a player, funds them through the real cashier
flow (deposit request, operator approval), logs the operator in. Prints shell assignments for the caller."""
import json
import sys
import urllib.error
import urllib.request

base, operator_no, password = sys.argv[1], sys.argv[2], sys.argv[3]


def call(method, path, body=None, token=None):
    req = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode())
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=10) as res:
            return json.loads(res.read() or b"null")
    except urllib.error.HTTPError as e:
        sys.exit(f"{method} {path}: {e.code} {e.read().decode()}")


signup = call("POST", "/api/signup", {"username": "9812345670", "email": "Fuzz Player", "password": "fuzzpass1", "dateOfBirth": "1990-01-15", "region": "IN-MH"})
player = call("POST", "/api/login", {"userNo": str(signup["userNo"]), "password": "fuzzpass1"})
operator = call("POST", "/api/login", {"userNo": operator_no, "password": password})
deposit = call("POST", "/api/add-more-points", {"Utr": "123456789012", "userName": "Fuzz Player", "phoneNumber": "9812345670", "deposite": 10000}, player["token"])
call("POST", f"/api/admin/deposits/{deposit['deposit']['id']}/approve", {}, operator["token"])
match = call("GET", "/api/matches/4")["data"][0]["event_id"]
print(f"match_id={match}")
print(f"player_token={player['token']}")
print(f"player_id={player['user']['id']}")
print(f"operator_token={operator['token']}")
print(f"operator_id={operator['user']['id']}")
