"""A real nginx (Debian's package, installed by `make test`) running deploy/nginx.conf (or another config of
deploy/, such as nginx-hosts.conf) with its placeholders filled in, on a free port, with everything it writes in a
temporary folder."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from tests.helpers.server_process import ROOT, free_port, wait_listening
from tests.helpers.socket_client import PATIENCE_SECONDS

TEMPLATE = ROOT / "deploy" / "nginx.conf"
HOSTS_TEMPLATE = ROOT / "deploy" / "nginx-hosts.conf"

UPSTREAM_HEADER = "X-Test-Upstream"
"""With `upstream_header`, every answer names the process(es) nginx tried, in order ($upstream_addr: "127.0.0.1:P",
or "127.0.0.1:P, 127.0.0.1:Q" when it went on to the next). Set in the test's own http block, never in deploy/:
the deploy configs set no add_header, so every location inherits it."""

# What Debian's /etc/nginx/nginx.conf gives around conf.d/*.conf, with every path in `folder`.
MAIN = """worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    {upstream_header}
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/minimax-lab.conf;
}}
"""


SOCKETS_LIMIT = "limit_conn minimax_lab_sockets 350;"
"""The shipped configs' connections per address (the processes' SOCKETS_PER_ADDRESS)."""


def filled(listen: int, server_name: str, upstream_ports: list[int], template: Path = TEMPLATE,
           sockets_per_address: int | None = None) -> str:
    """A config of deploy/ as docs/deploy.md tells an administrator to fill it in (every use of a placeholder);
    `sockets_per_address`: its limit_conn lowered, for a test that reaches it."""
    upstreams = " ".join(f"server 127.0.0.1:{port};" for port in upstream_ports)
    text = template.read_text()
    assert SOCKETS_LIMIT in text, f"deploy/{template.name} has no {SOCKETS_LIMIT!r}"
    if sockets_per_address is not None:
        text = text.replace(SOCKETS_LIMIT, f"limit_conn minimax_lab_sockets {sockets_per_address};")
    for name, value in (("listen", str(listen)), ("server_name", server_name), ("upstreams", upstreams)):
        assert "{{" + name + "}}" in text, f"deploy/{template.name} has no {{{{{name}}}}} placeholder"
        text = text.replace("{{" + name + "}}", value)
    assert "{{" not in text, f"deploy/{template.name} has a placeholder the docs do not name"
    return text


@contextmanager
def nginx_process(upstream_ports: list[int], server_name: str = "127.0.0.1", template: Path = TEMPLATE,
                  upstream_header: bool = False, sockets_per_address: int | None = None) -> Iterator[int]:
    """Yield the port of an nginx running `template` in front of `upstream_ports`; stop it afterwards.
    `upstream_header`: answers say which process served them (UPSTREAM_HEADER)."""
    binary = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None)
    if binary is None:
        raise RuntimeError("nginx is not installed: `make test` installs it (Debian's nginx)")
    folder = Path(tempfile.mkdtemp(prefix="minimax-lab-nginx-"))
    folder.chmod(0o755)  # nginx's workers (www-data when started as root) keep large bodies here
    port = free_port()
    (folder / "minimax-lab.conf").write_text(filled(port, server_name, upstream_ports, template, sockets_per_address))
    header = f"add_header {UPSTREAM_HEADER} $upstream_addr always;" if upstream_header else ""
    (folder / "nginx.conf").write_text(MAIN.format(folder=folder, upstream_header=header))
    command = [binary, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"]
    checked = subprocess.run([*command, "-t"], capture_output=True, text=True, timeout=PATIENCE_SECONDS)
    assert checked.returncode == 0, f"nginx -t refused the filled-in deploy/{template.name}: {checked.stderr}"
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_listening(process, port, "nginx")
        yield port
    finally:
        process.terminate()
        process.wait(timeout=PATIENCE_SECONDS)
        shutil.rmtree(folder, ignore_errors=True)
