#!/usr/bin/env python3
"""deidstack's driver for DEDUCE 3.x.

Reads documents as JSON lines on stdin ({"document_id", "text", "patient": {"first_names", "surname"}?}) and
writes, for each, one line {"document_id", "spans": [{"start", "end", "label"}]} with DEDUCE's own tags and
Python string offsets (code points), flushing after every line so that one process serves a whole run: DEDUCE
builds its lookup structures once, which takes a while. Never prints note text.

  driver.py --version   prints the installed deduce version (exit 3 when deduce cannot be imported)
"""
import json
import sys

EXIT_NOT_INSTALLED = 3
EXIT_BAD_INPUT = 4


def import_deduce():
    try:
        import deduce
        from deduce.person import Person
    except ImportError:
        sys.stderr.write(
            "deduce cannot be imported by this Python: pip install deduce "
            "(it needs regex, frozendict, numpy, rapidfuzz and docdeid)\n"
        )
        sys.exit(EXIT_NOT_INSTALLED)
    return deduce, Person


def deduce_version(deduce):
    version = getattr(deduce, "__version__", None)
    if version:
        return str(version)
    try:
        from importlib.metadata import version as dist_version

        return dist_version("deduce")
    except Exception:
        return "unknown"


def patient_metadata(record, Person):
    patient = record.get("patient") or {}
    first_names = [n for n in (patient.get("first_names") or []) if isinstance(n, str) and n.strip()]
    surname = patient.get("surname") if isinstance(patient.get("surname"), str) else None
    if not first_names and not surname:
        return {}
    return {"patient": Person(first_names=first_names or None, surname=surname or None)}


def spans_of(document):
    annotations = sorted(document.annotations, key=lambda a: (a.start_char, a.end_char, a.tag))
    return [{"start": a.start_char, "end": a.end_char, "label": a.tag} for a in annotations]


def main(argv):
    deduce, Person = import_deduce()
    if "--version" in argv:
        print(deduce_version(deduce))
        return 0
    sys.stdin.reconfigure(encoding="utf-8")
    sys.stdout.reconfigure(encoding="utf-8")
    engine = deduce.Deduce()
    for line_number, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            document_id = record["document_id"]
            text = record["text"]
        except (ValueError, KeyError, TypeError):
            sys.stderr.write("input line %d is not a document record\n" % line_number)
            return EXIT_BAD_INPUT
        document = engine.deidentify(text, metadata=patient_metadata(record, Person))
        sys.stdout.write(json.dumps({"document_id": document_id, "spans": spans_of(document)}) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
