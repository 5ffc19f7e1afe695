/// Which link destinations may become clickable OSC 8 hyperlinks (DESIGN.md §5).
///
/// Only `http`, `https` and `mailto` URLs, and paths relative to the document (a lesson linking
/// to another lesson or a sample) resolved against its directory into a `file://` URI.
/// Everything else — `javascript:`, `data:`, `file:`, unknown schemes, bare fragments — is shown
/// as a numbered reference instead, so a reader always sees where a link goes before following it.
struct LinkPolicy {
    /// The directory relative links are resolved against, if any.
    var documentDirectory: String?

    /// The URI to put in an OSC 8 sequence for `destination`, or nil when it must be a reference.
    func hyperlinkTarget(for destination: String) -> String? {
        guard !destination.isEmpty,
            !destination.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        else { return nil }
        if let colon = destination.firstIndex(of: ":"),
            destination[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
        {
            let scheme = destination[..<colon].lowercased()
            return ["http", "https", "mailto"].contains(scheme) ? destination : nil
        }
        guard let directory = documentDirectory, !destination.hasPrefix("#"), !destination.hasPrefix("//") else {
            return nil
        }
        let path =
            destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
            .map(String.init) ?? destination
        return "file://" + Self.resolve(path, against: directory)
    }

    /// `relative` joined to `directory` (or taken as is when absolute), with `.` and `..` removed.
    static func resolve(_ relative: String, against directory: String) -> String {
        let joined = relative.hasPrefix("/") ? relative : directory + "/" + relative
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
