/// TerminalKit: terminal facts and drawing (width, colour policy, styles, wrapping, tables, sanitiser, pager, line editor).
public enum TerminalKitModule {}
