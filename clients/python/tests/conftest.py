"""The client's tests run against the live insetd at `--insetd-url` (`scripts/python-client
test URL` starts none: it is given one); nothing leaves the loopback."""
import pytest

from insetd_client import Client


@pytest.fixture(scope="session")
def client(insetd_client: Client) -> Client:
    return insetd_client
