"""Our own check for schemathesis: a request that does not succeed moves no money.

Before every request that is not a GET, the ledgers of the fuzzing player and the operator are read (as the
operator); after a response of 400 or more they are read again. A new ledger entry that takes money from a
balance or adds to an exposure (a stake, a hold, a withdrawal) is a failure; entries that only release exposure or
pay out are settlements of rounds that were already running, and are allowed. A failed request must not create a
deposit or withdrawal request either."""
import json
import os
import urllib.request

import schemathesis

BASE = os.environ["FUZZ_BASE"]
OPERATOR = os.environ["FUZZ_OPERATOR_TOKEN"]
USERS = [os.environ["FUZZ_PLAYER_ID"], os.environ["FUZZ_OPERATOR_ID"]]


def get(path):
    req = urllib.request.Request(BASE + path, headers={"Authorization": f"Bearer {OPERATOR}"})
    with urllib.request.urlopen(req, timeout=10) as res:
        return json.loads(res.read())


def snapshot():
    ledgers = {u: get(f"/api/admin/users/{u}/ledger?limit=20")["entries"] for u in USERS}
    requests = len(get("/api/admin/deposits")["deposits"]) + len(get("/api/admin/withdrawals")["withdrawals"])
    return ledgers, requests


_before = {}


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    if case.method.upper() != "GET":
        _before[id(case)] = snapshot()


@schemathesis.check
def money_moves_only_on_success(ctx, response, case):
    before = _before.pop(id(case), None)
    if before is None or response.status_code < 400:
        return None
    ledgers, requests = snapshot()
    old_ledgers, old_requests = before
    for user, entries in ledgers.items():
        newest_old = max((e["id"] for e in old_ledgers[user]), default=0)
        for e in entries:
            if e["id"] <= newest_old:
                continue
            if e["deltaBalance"] < 0 or e["deltaExposure"] > 0:
                raise AssertionError(
                    f"{case.method} {case.path} answered {response.status_code} but user {user}'s ledger gained {e}"
                )
    if requests != old_requests:
        raise AssertionError(
            f"{case.method} {case.path} answered {response.status_code} but a deposit or withdrawal request was made"
        )
    return None
