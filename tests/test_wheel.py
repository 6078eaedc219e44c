"""The content ships: build the wheel, install it into a fresh venv, run `solo tables list` and a campaign there."""

import json
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from solo.rules import default_catalog

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_installed_wheel_lists_the_tables(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(ROOT)],
                   check=True, capture_output=True)
    wheel = next(dist.glob("solo-*.whl"))
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    subprocess.run([env_dir / "bin" / "python", "-m", "pip", "install", "-q", str(wheel)], check=True,
                   capture_output=True)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    out = subprocess.run([env_dir / "bin" / "solo", "tables", "list", "--json"], capture_output=True, text=True,
                         cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stderr
    listed = {t["id"] for t in json.loads(out.stdout)}
    assert listed == set(default_catalog().tables) and {"oto2.escape", "oto-s1.random_events_enemy"} <= listed
    missing = subprocess.run([env_dir / "bin" / "solo", "tables", "list", "--missing", "--json"],
                             capture_output=True, text=True, cwd=tmp_path, env=env)
    assert missing.returncode == 0 and len(json.loads(missing.stdout)) == len(default_catalog().unsupplied())
    campaign = subprocess.run([env_dir / "bin" / "solo", "cg", "simulate", "oto2", "--seed", "2", "--json"],
                              capture_output=True, text=True, cwd=tmp_path, env=env)
    assert campaign.returncode == 0, campaign.stderr  # missions/, ai/ and tables/units/ ship in the wheel too
    assert json.loads(campaign.stdout)["result"]["winner"] in ("German", "Russian")
    listed = subprocess.run([env_dir / "bin" / "solo", "mission", "list", "--json"], capture_output=True, text=True,
                            cwd=tmp_path, env=env)
    assert {m["id"] for m in json.loads(listed.stdout)} == {"oto-s1", "oto-s2"}
