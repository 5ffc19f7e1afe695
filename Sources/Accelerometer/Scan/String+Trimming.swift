extension StringProtocol {
    /// The text without leading and trailing spaces, tabs, carriage returns and newlines.
    ///
    /// sysfs attributes end in a newline and libiio XML values sometimes carry `&#10;`; every reader
    /// in this module trims with this one rule, without Foundation's locale-aware character sets.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
