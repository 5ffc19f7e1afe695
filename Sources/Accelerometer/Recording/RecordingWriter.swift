#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a recording while it is being captured: the header first, then scans as they arrive, with
/// the header's scan count patched in place after every chunk so an interrupted recording stays valid.
public final class RecordingWriter {
    /// Where the recording goes.
    public let path: String
    /// The header as written (its scan count is kept current).
    public private(set) var header: RecordingHeader
    /// The scan layout the header describes.
    public let layout: ScanLayout
    /// How many scans have been written.
    public private(set) var scanCount = 0
    private var descriptor: Int32
    private let countOffset: Int

    /// Creates (or truncates) `path` and writes the header.
    public init(path: String, header: RecordingHeader) throws(IIOError) {
        do {
            layout = try header.layout()
        } catch {
            throw .malformedDescription(source: path, line: 0, reason: error.description)
        }
        self.path = path
        var header = header
        header.scanCount = 0
        self.header = header
        countOffset = header.scanCountOffset(scanSize: layout.scanSize)
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SystemFileAccess.outputError(errno, path: path) }
        try writeAll(Array(header.text(scanSize: layout.scanSize).utf8))
    }

    deinit {
        if descriptor >= 0 { _ = closeDescriptor(descriptor) }
    }

    /// Appends whole scans (their byte count must be a multiple of the scan size) and updates the count.
    public func append(_ scans: [UInt8]) throws(IIOError) {
        guard scans.count % layout.scanSize == 0 else {
            let bytes = CountText.of(scans.count, "byte") + (scans.count == 1 ? " is" : " are")
            throw .ioFailure(path: path, reason: "\(bytes) not whole \(layout.scanSize)-byte scans")
        }
        try writeAll(scans)
        scanCount += scans.count / layout.scanSize
        let digits = String(scanCount)
        let padded = String(repeating: "0", count: max(0, RecordingHeader.scanCountWidth - digits.count)) + digits
        let bytes = Array(padded.utf8)
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(countOffset)) }
        guard written == bytes.count else { throw SystemFileAccess.outputError(errno, path: path) }
        header.scanCount = scanCount
    }

    /// Flushes and closes the file.
    public func close() throws(IIOError) {
        guard descriptor >= 0 else { return }
        let result = closeDescriptor(descriptor)
        descriptor = -1
        guard result == 0 else { throw SystemFileAccess.outputError(errno, path: path) }
    }

    private func writeAll(_ bytes: [UInt8]) throws(IIOError) {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                raw.baseAddress.map { write(descriptor, $0 + done, raw.count - done) } ?? 0
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemFileAccess.outputError(errno, path: path)
            }
            done += count
        }
    }
}

/// `close(2)`, named apart from ``RecordingWriter/close()``.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
