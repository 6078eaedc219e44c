"""The Tables screen: a table the texts lack filled in from the player's rulebook (snapshots:
tests/tui/test_snapshots.py)."""



async def test_red_barricades_asks_for_its_tables_when_it_starts_and_then_starts(monkeypatch, tmp_path):
    """Issue 23.5: a CG whose start or RG chart the texts lack asks for it in the app (the Fill form's CSV view, here
    with the TEST pack's invented values) instead of stopping, then starts."""
    import tomllib

    from solo.rules import default_catalog
    from solo.tui.app import SoloApp
    from solo.tui.dialogs.fill_table import FillTable
    from solo.tui.screens.campaign import CampaignScreen
    from tests.rules.test_fill import RB_PACK, as_csv
    monkeypatch.setenv("SOLO_CONFIG", str(tmp_path / "config"))
    default_catalog.cache_clear()
    pack = {t["id"]: t for t in tomllib.loads(RB_PACK.read_text())["table"]}
    app = SoloApp(resume=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        app.screen.query_one("#cg").value = "rb|I"
        await pilot.press("tab", "tab", "tab", "enter")
        filled = []
        for _ in range(len(pack) + 1):
            await pilot.pause(0.2)
            if not isinstance(app.screen, FillTable):
                break
            filled.append(app.screen.table_id)
            await pilot.press("ctrl+t")  # the form's CSV view, the whole table pasted in
            await pilot.pause()
            app.screen.query_one("#fill-csv").text = as_csv(pack[app.screen.table_id])
            await pilot.press("ctrl+s")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "rb.cg_start" in filled and isinstance(app.screen, CampaignScreen), \
            (filled, str(app.screen.query_one("#error").render()))
    default_catalog.cache_clear()
