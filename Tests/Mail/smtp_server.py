"""A real SMTP submission server for the alert tests: aiosmtpd on loopback with STARTTLS
required and log-in required, keeping each message it accepts as a JSON file.

    python smtp_server.py --cert C --key K --username U --password-file P --maildir DIR [--accept N]

Prints "listening PORT" once it accepts connections. With --accept N it stops for good right
after accepting its Nth message, as a mail server going down in the middle of a run would.
"""
import argparse
import email
import email.policy
import json
import os
import socket
import ssl
import sys
import threading
import time

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Keeper:
    def __init__(self, maildir, accept):
        self.maildir = maildir
        self.accept = accept
        self.count = 0
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            if self.accept is not None and self.count >= self.accept:
                return "421 4.3.0 Shutting down"
        message = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        parts = {}
        for part in message.walk():
            if part.get_content_maintype() == "text":
                parts[part.get_content_type()] = part.get_content()
        record = {
            "mailFrom": envelope.mail_from,
            "rcptTos": envelope.rcpt_tos,
            "login": session.login_data.decode() if isinstance(session.login_data, bytes) else session.login_data,
            "tls": session.ssl is not None,
            "headers": [[name, str(value)] for name, value in message.items()],
            "rawHeaders": envelope.original_content.split(b"\r\n\r\n", 1)[0].decode("ascii", "replace"),
            "subject": str(message["Subject"]),
            "text": parts.get("text/plain", ""),
            "html": parts.get("text/html", ""),
        }
        with self.lock:
            self.count += 1
            count = self.count
            name = os.path.join(self.maildir, "%06d-%s.json" % (count, time.time_ns()))
            with open(name + ".part", "w") as out:
                json.dump(record, out)
            os.rename(name + ".part", name)
        if self.accept is not None and count >= self.accept:
            threading.Timer(0.05, lambda: os._exit(0)).start()
        return "250 Message accepted for delivery"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cert", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--username", required=True)
    parser.add_argument("--password-file", required=True)
    parser.add_argument("--maildir", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--accept", type=int)
    arguments = parser.parse_args()
    with open(arguments.password_file) as secret:
        password = secret.read().strip()

    def authenticator(server, session, envelope, mechanism, auth_data):
        ok = isinstance(auth_data, LoginPassword) and auth_data.login.decode() == arguments.username \
            and auth_data.password.decode() == password
        return AuthResult(success=ok, handled=False, auth_data=auth_data if ok else None)

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(arguments.cert, arguments.key)
    port = arguments.port or free_port()
    controller = Controller(
        Keeper(arguments.maildir, arguments.accept), hostname="127.0.0.1", port=port, tls_context=context,
        require_starttls=True, auth_required=True, authenticator=authenticator, auth_require_tls=True)
    controller.start()
    print("listening %d" % port, flush=True)
    try:
        sys.stdin.read()
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
