import Foundation

/// Which link destinations may become clickable OSC 8 hyperlinks (DESIGN.md §5).
///
/// Only `http`, `https` and `mailto` URLs, and paths relative to the document (a lesson linking
/// to another lesson or a sample) resolved against its directory. Everything else — `javascript:`,
/// `data:`, `file:`, unknown schemes, bare fragments — is shown as a numbered reference instead,
/// so a reader always sees where a link goes before following it.
struct LinkPolicy {
    /// The directory relative links are resolved against, if any.
    var documentDirectory: String?

    /// The URI to put in an OSC 8 sequence for `destination`, or nil when it must be a reference.
    func hyperlinkTarget(for destination: String) -> String? {
        guard !destination.isEmpty, TerminalSanitizerCheck.isClean(destination) else { return nil }
        if let colon = destination.firstIndex(of: ":"),
           destination[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) {
            let scheme = destination[..<colon].lowercased()
            return ["http", "https", "mailto"].contains(scheme) ? destination : nil
        }
        guard let directory = documentDirectory, !destination.hasPrefix("#"), !destination.hasPrefix("//") else {
            return nil
        }
        let path = destination.split(separator: "#", maxSplits: 1).first.map(String.init) ?? destination
        let resolved = URL(fileURLWithPath: directory).appendingPathComponent(path.removingPercentEncoding ?? path)
        return resolved.standardizedFileURL.absoluteString
    }
}

/// A destination with control characters is never made a hyperlink, even percent-encoded.
private enum TerminalSanitizerCheck {
    static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
