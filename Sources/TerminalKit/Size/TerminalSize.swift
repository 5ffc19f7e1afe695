#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The size of the terminal, in character cells.
public struct TerminalSize: Hashable, Sendable {
    /// Columns per line.
    public var columns: Int
    /// Lines on the screen.
    public var rows: Int

    /// Creates a size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The size of the terminal behind a file descriptor (`ioctl TIOCGWINSZ`), or nil when it is
    /// not a terminal or reports no size.
    public static func of(fileDescriptor: Int32) -> TerminalSize? {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    /// The page width DESIGN.md §5 asks for: `--width`, else `COLUMNS`, else the terminal's
    /// width (standard output, then standard error), else 80.
    /// - Parameters:
    ///   - requested: the `--width` option, if given.
    ///   - environment: the environment to read `COLUMNS` from.
    ///   - terminal: how to ask the terminal; injectable for tests.
    public static func pageWidth(
        requested: Int?, environment: [String: String],
        terminal: () -> TerminalSize? = { of(fileDescriptor: STDOUT_FILENO) ?? of(fileDescriptor: STDERR_FILENO) }
    ) -> Int {
        if let requested, requested > 0 { return requested }
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        if let size = terminal() { return size.columns }
        return 80
    }
}
