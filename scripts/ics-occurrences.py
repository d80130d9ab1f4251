#!/usr/bin/env python3
"""Counts the occurrences of every event in an iCalendar file with independent
parsers: icalendar (PyPI) reads the file, dateutil.rrule expands each RRULE
and removes its EXDATEs. Prints JSON {"UID": count, ...}.

Used by Tests/EndToEndTests/ExportEndToEndTests.swift (scripts/test installs
icalendar into .build/pyenv). Usage: ics-occurrences.py FILE.ics
"""
import json
import sys

import icalendar
from dateutil import rrule


def exdates(event):
    found = event.get("EXDATE")
    if found is None:
        return []
    lists = found if isinstance(found, list) else [found]
    return [value.dt for values in lists for value in values.dts]


def count(event):
    start = event.decoded("DTSTART")
    if "RRULE" not in event:
        return 1
    rule_text = event["RRULE"].to_ical().decode()
    rules = rrule.rruleset()
    rules.rrule(rrule.rrulestr(rule_text, dtstart=start))
    occurrences = set(rrule.rrulestr(rule_text, dtstart=start))
    for excluded in exdates(event):
        if excluded not in occurrences:
            sys.exit(f"{event['UID']}: EXDATE {excluded} is not an occurrence of {rule_text} from {start}")
        rules.exdate(excluded)
    return len(list(rules))


def main():
    with open(sys.argv[1], "rb") as file:
        calendar = icalendar.Calendar.from_ical(file.read())
    zones = [zone["TZID"] for zone in calendar.walk("VTIMEZONE")]
    counts = {}
    for event in calendar.walk("VEVENT"):
        tzid = event["DTSTART"].params.get("TZID")
        if tzid is not None and tzid not in zones:
            sys.exit(f"{event['UID']}: DTSTART names TZID {tzid} but the file has no such VTIMEZONE")
        counts[str(event["UID"])] = count(event)
    json.dump(counts, sys.stdout, indent=1, sort_keys=True)


main()
