"""The app's dialogs: the new-save dialog and its New mission and New campaign forms."""
