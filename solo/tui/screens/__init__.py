"""The app's screens, one module each: Home, Help, Mission, Boards, Campaign, Decisions and Tables."""
