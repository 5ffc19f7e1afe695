/// OSC 8 hyperlinks (`ESC ] 8 ; ; URI ESC \`), which capable terminals make clickable.
///
/// The URI inside the sequence may only hold printable ASCII, so anything else (spaces, non-ASCII,
/// and above all control characters that could end the sequence early) is percent-encoded.
public enum Hyperlink {
    /// The sequence that starts a link to `uri`.
    public static func open(_ uri: String) -> String {
        "\u{1B}]8;;" + encode(uri) + "\u{1B}\\"
    }

    /// The sequence that ends the current link.
    public static let close = "\u{1B}]8;;\u{1B}\\"

    /// `uri` with every byte outside printable ASCII (and `%` itself is kept) percent-encoded.
    public static func encode(_ uri: String) -> String {
        var result = ""
        result.reserveCapacity(uri.utf8.count)
        for byte in uri.utf8 {
            if byte > 0x20, byte < 0x7F {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += byte < 0x10 ? "%0" + hex : "%" + hex
            }
        }
        return result
    }
}
