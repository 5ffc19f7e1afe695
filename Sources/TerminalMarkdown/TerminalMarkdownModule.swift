/// TerminalMarkdown: renders CommonMark (parsed by libcmark) as styled terminal text (DESIGN.md §5).
public enum TerminalMarkdownModule {}
