#!/usr/bin/env python3
"""man-page.py: a manual page (man(7) roff) from a swift-argument-parser
command's own help, as `PROGRAM --experimental-dump-help` prints it.

  scripts/man-page.py PROGRAM --section 8 --date 2026-11-26 \\
      --source "keymenu 0.3.0" --see-also keymenuctl.1 ... -o DIR

writes DIR/NAME.SECTION. Nothing is written by hand here: the page is the
command's abstract (NAME), its arguments (SYNOPSIS, OPTIONS), its
subcommands (COMMANDS) and its discussion, whose unindented capitalized
headings ("FILES", "EXIT STATUS", "Exit status:") become sections and whose
two-space-indented "TERM  description" rows become tagged paragraphs, so
that `man PROGRAM` and `PROGRAM --help` say the same. Only SEE ALSO comes
from the command line.

Why not swift-argument-parser's own generate-manual (see the Makefile's
man target): its mdoc output has blank lines (groff's "mdoc warning: Empty
input line", a lintian error), drops every non-ASCII character, lists a
`help` subcommand and a `subcommand` argument for commands that have none,
and leaves the discussion's FILES and EXIT STATUS inside DESCRIPTION after a
generic `.Ex -std`.
"""

import argparse
import json
import os
import re
import subprocess
import sys

TITLES = {1: "User Commands", 5: "File Formats", 8: "System Administration"}
HEADING = re.compile(r"^(?:([A-Z][A-Z ]*[A-Z])|([A-Z][a-z]+(?: [a-z]+){0,2}):)$")
ROW = re.compile(r"^  (\S.*?)(?:\s{2,}|$)(.*)$")
OPTION_TOKEN = re.compile(r"(?<![\w-])(--?[A-Za-z0-9][\w-]*)")


def text(line):
    """Escapes one line of running text for roff: backslashes, a leading
    dot or quote, and the hyphens of option names (so they stay ASCII
    hyphen-minus when rendered)."""
    line = line.replace("\\", "\\e")
    line = OPTION_TOKEN.sub(lambda m: m.group(1).replace("-", "\\-"), line)
    line = " ".join(breakable(word) for word in line.split(" "))
    if line.startswith((".", "'")):
        line = "\\&" + line
    return line


def breakable(word):
    """A long word (JSON, a path) may break after a comma, slash or bar
    (\\: breaks without a hyphen), so that no line overflows."""
    if len(word) <= 30:
        return word
    return re.sub(r"([,/|])(?=.)", lambda m: m.group(1) + "\\:", word)


def code(line):
    """Escapes a line of an example: every hyphen is a minus."""
    line = line.replace("\\", "\\e").replace("-", "\\-")
    if line.startswith((".", "'")):
        line = "\\&" + line
    return line


def arg(word):
    """A macro argument: quoted, with quotes and backslashes escaped."""
    return '"' + word.replace("\\", "\\e").replace('"', "\\(dq").replace("-", "\\-") + '"'


def flag_names(argument):
    names = []
    for name in argument.get("names", []):
        prefix = {"long": "--", "short": "-", "longWithSingleDash": "-"}[name["kind"]]
        names.append(prefix + name["name"])
    return sorted(names, key=len)


def shown(argument):
    return argument.get("shouldDisplay", True)


def visible_subcommands(command):
    return [s for s in command.get("subcommands", []) if s["commandName"] != "help" and s.get("shouldDisplay", True)]


def usage(argument):
    """The argument as it appears in a synopsis, with inline font changes;
    an option and its value are kept on one line."""
    value = "\\fI" + esc(argument.get("valueName", "value")) + "\\fR" + ("..." if argument.get("isRepeating") else "")
    if argument["kind"] == "positional":
        piece = value
    else:
        preferred = argument.get("preferredName") or argument["names"][0]
        prefix = {"long": "--", "short": "-", "longWithSingleDash": "-"}[preferred["kind"]]
        piece = "\\fB" + esc(prefix + preferred["name"]) + "\\fR"
        if argument["kind"] == "option":
            piece += "\\ " + value
    return "[" + piece + "]" if argument.get("isOptional", False) else piece


def esc(word):
    """A word inside a text line: backslashes escaped, hyphens minus."""
    return word.replace("\\", "\\e").replace("-", "\\-")


def synopsis(words, command):
    """A synopsis paragraph: the command words, then every shown argument."""
    lines = [".PP"] if len(words) > 1 else []
    lines.append("\\fB" + esc(" ".join(words)) + "\\fR")
    for argument in command.get("arguments", []):
        if shown(argument) and not is_builtin(argument, root=len(words) == 1):
            lines.append(usage(argument))
    if visible_subcommands(command):
        lines.append("\\fIcommand\\fR [\\fIoptions\\fR]")
    return lines


def is_builtin(argument, root):
    """-h/--help everywhere, and --version below the root command: every
    command has them, the root's OPTIONS lists them once."""
    names = flag_names(argument)
    if "--help" in names:
        return not root
    if names == ["--version"]:
        return not root
    return False


def option_entry(argument):
    """A tagged paragraph for one argument: its names and value, then its
    help (abstract, default, discussion)."""
    names = flag_names(argument)
    value = argument.get("valueName", "value") + ("..." if argument.get("isRepeating") else "")
    if argument["kind"] == "positional":
        tag = ".I " + arg(value)
    elif argument["kind"] == "option":
        tag = ".BI " + arg(", ".join(names) + " ") + " " + arg(value)
    else:
        tag = ".B " + arg(", ".join(names))
    lines = [".TP", tag]
    body = argument.get("abstract", "")
    if argument.get("defaultValue") and argument["kind"] != "flag":
        body += " (default: " + argument["defaultValue"] + ")"
    lines.append(text(body.strip() or "\\&"))
    if argument.get("discussion"):
        lines += paragraphs(argument["discussion"])
    return lines


def paragraphs(discussion):
    """An argument's discussion: paragraphs indented under its tag."""
    out = []
    for para in re.split(r"\n\s*\n", discussion.strip()):
        out += [".IP"] + [text(line.strip()) for line in para.split("\n")]
    return out


def parse_discussion(discussion):
    """Splits a discussion into (heading, lines) parts: the part before the
    first heading has heading None."""
    parts = [(None, [])]
    for line in discussion.rstrip().split("\n"):
        m = HEADING.match(line)
        if m:
            parts.append(((m.group(1) or m.group(2)).upper(), []))
        else:
            parts[-1][1].append(line.rstrip())
    return [(h, ls) for h, ls in parts if h is not None or any(ls)]


def render_part(heading, lines, term_font):
    """A headed part's body: examples as literal blocks; otherwise rows
    ("  TERM   description", continued on deeper-indented lines) as tagged
    paragraphs and unindented text as paragraphs."""
    out = []
    if heading and heading.startswith("EXAMPLE"):
        block = [l[2:] if l.startswith("  ") else l for l in lines]
        while block and not block[-1]:
            block.pop()
        while block and not block[0]:
            block.pop(0)
        return [".PP", ".EX"] + [code(l) for l in block] + [".EE"]
    column = None
    para = []

    def flush():
        if para:
            out.extend([".PP"] + [text(l) for l in para])
            para.clear()

    for line in lines:
        if not line.strip():
            flush()
            continue
        if line.startswith("   ") and out and out[-2:-1] != [".PP"] and not para:
            out.append(text(line.strip()))
            continue
        if line.startswith("  ") and not line.startswith("   "):
            flush()
            if column is None:
                m = ROW.match(line)
                column = len(line) - len(m.group(2)) if m and m.group(2) else None
            if column and len(line) > column and line[column - 1] == " " and line[column] != " ":
                term, desc = line[2:column].strip(), line[column:].strip()
            else:
                m = ROW.match(line)
                term, desc = m.group(1).strip(), m.group(2).strip()
            out += [".TP", "." + term_font + " " + arg(term), text(desc) if desc else "\\&"]
            continue
        para.append(line.strip())
    flush()
    return out


def term_font(heading):
    return "I" if heading == "FILES" else "B"


def subcommand_section(words, command):
    """A subcommand: its synopsis, abstract, discussion, options, then the
    discussion's headed parts (exit status, example) as labelled blocks."""
    out = [".SS " + arg(" ".join(words))]
    out += synopsis(words, command)
    if command.get("abstract"):
        out += [".PP", text(command["abstract"])]
    parts = parse_discussion(command.get("discussion", ""))
    for heading, lines in parts:
        if heading is None:
            out += render_part(None, lines, "B")
    for argument in command.get("arguments", []):
        if shown(argument) and not is_builtin(argument, root=False):
            out += option_entry(argument)
    for heading, lines in parts:
        if heading:
            out += [".PP", ".I " + arg(heading.capitalize())]
            out += render_part(heading, lines, term_font(heading))
    for sub in visible_subcommands(command):
        out += subcommand_section(words + [sub["commandName"]], sub)
    return out


def page(info, section, date, source, see_also):
    command = info["command"]
    name = command["commandName"]
    abstract = command.get("abstract", "").rstrip(".")
    out = [
        '.\\" Generated by scripts/man-page.py from `' + name + " --experimental-dump-help`: do not edit.",
        ".TH " + arg(name.upper()) + " " + str(section) + " " + arg(date) + " " + arg(source) + " "
        + arg(TITLES.get(section, "")),
        # Left-aligned and not hyphenated: option names, paths and JSON in
        # the help text are long words that justified lines stretch badly
        # around (and groff warns that it "cannot adjust line").
        ".ad l",
        ".nh",
        # .EE turns hyphenation back on to this register's value.
        ".nr HY 0",
        ".SH NAME",
        text(name) + " \\- " + text(abstract[:1].lower() + abstract[1:] if abstract[1:2].islower() else abstract),
        ".SH SYNOPSIS",
    ]
    out += synopsis([name], command)
    parts = parse_discussion(command.get("discussion", ""))
    out.append(".SH DESCRIPTION")
    intro = [ls for h, ls in parts if h is None]
    if intro:
        out += render_part(None, intro[0], "B")
    else:
        out.append(text(command.get("abstract", "")))
    options = [a for a in command.get("arguments", []) if shown(a)]
    if options:
        out.append(".SH OPTIONS")
        for argument in options:
            out += option_entry(argument)
    subs = visible_subcommands(command)
    if subs:
        out.append(".SH COMMANDS")
        for sub in subs:
            out += subcommand_section([name, sub["commandName"]], sub)
    for heading, lines in parts:
        if heading:
            out.append(".SH " + arg(heading))
            body = render_part(heading, lines, term_font(heading))
            out += body[1:] if body[:1] == [".PP"] else body
    if see_also:
        out.append(".SH \"SEE ALSO\"")
        refs = []
        for ref in see_also:
            base, _, sect = ref.rpartition(".")
            refs.append(".BR " + arg(base) + " (" + sect + ")")
        out += [r + "," for r in refs[:-1]] + refs[-1:]
    # .PP right after a heading or before .TP/.SS/.SH adds nothing.
    cleaned = []
    for line in out:
        if line in (".PP", ".TP", ".SS", ".SH") or line.startswith((".SS ", ".SH ")):
            if cleaned and cleaned[-1] == ".PP":
                cleaned.pop()
        if line == ".PP" and cleaned and cleaned[-1].startswith((".SH", ".SS")):
            continue
        cleaned.append(line)
    return "\n".join(cleaned) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("program")
    parser.add_argument("--section", type=int, default=1)
    parser.add_argument("--date", required=True)
    parser.add_argument("--source", default="keymenu")
    parser.add_argument("--see-also", nargs="*", default=[])
    parser.add_argument("-o", "--output-directory", required=True)
    options = parser.parse_args()
    dump = subprocess.run([options.program, "--experimental-dump-help"], capture_output=True, text=True)
    if dump.returncode != 0:
        sys.exit(f"man-page.py: {options.program} --experimental-dump-help exited {dump.returncode}: {dump.stderr}")
    info = json.loads(dump.stdout)
    if info.get("serializationVersion") != 0:
        sys.exit(f"man-page.py: unknown dump format {info.get('serializationVersion')}")
    name = info["command"]["commandName"]
    path = os.path.join(options.output_directory, f"{name}.{options.section}")
    with open(path, "w", encoding="utf-8") as out:
        out.write(page(info, options.section, options.date, options.source, options.see_also))


if __name__ == "__main__":
    main()
