/// Checks bytes, as they arrive, for being UTF-8 text: well-formed UTF-8 (Unicode 15, table 3-7:
/// no overlong forms, no surrogates, nothing above U+10FFFF) and no NUL byte.
///
/// libcmark would quietly replace bad bytes with U+FFFD, so a binary file or random bytes would
/// "render" as a page of replacement characters; checking first lets the reader refuse them. The
/// check is incremental so that a stream (a pipe, `/dev/urandom`) is refused after its first bad
/// byte instead of being read to its end.
struct TextValidator {
    /// How many bytes have been checked so far.
    private(set) var offset = 0
    /// Continuation bytes still expected by the sequence being read.
    private var needed = 0
    /// Where that sequence started, for the message.
    private var sequenceStart = 0
    /// The bytes allowed next: narrower than 80…BF right after E0, ED, F0 and F4.
    private var allowed: ClosedRange<UInt8> = 0x80...0xBF

    /// Checks the next bytes of the input.
    /// - Throws: ``MarkdownInputError/nulByte(offset:)`` or ``MarkdownInputError/invalidUTF8(offset:)``
    ///   at the first byte that shows the input is not text.
    mutating func check(_ bytes: some Sequence<UInt8>) throws(MarkdownInputError) {
        for byte in bytes {
            if needed > 0 {
                guard allowed.contains(byte) else { throw .invalidUTF8(offset: sequenceStart) }
                allowed = 0x80...0xBF
                needed -= 1
            } else {
                sequenceStart = offset
                switch byte {
                case 0x00: throw .nulByte(offset: offset)
                case 0x01...0x7F: break
                case 0xC2...0xDF: needed = 1
                case 0xE0: (needed, allowed) = (2, 0xA0...0xBF)
                case 0xED: (needed, allowed) = (2, 0x80...0x9F)
                case 0xE1...0xEF: needed = 2
                case 0xF0: (needed, allowed) = (3, 0x90...0xBF)
                case 0xF4: (needed, allowed) = (3, 0x80...0x8F)
                case 0xF1...0xF3: needed = 3
                default: throw .invalidUTF8(offset: offset)
                }
            }
            offset += 1
        }
    }

    /// Checks that the input did not end inside a multi-byte sequence.
    func finish() throws(MarkdownInputError) {
        if needed > 0 { throw .invalidUTF8(offset: sequenceStart) }
    }
}
