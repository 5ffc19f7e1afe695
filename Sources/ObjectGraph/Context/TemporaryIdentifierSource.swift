import Foundation

/// Hands out the identities of temporary object IDs quickly.
///
/// Foundation's `UUID()` on Linux opens, reads and closes `/dev/urandom` on every call, which
/// made creating objects (every insert and every fetched row) spend a fifth of its time in
/// system calls. Temporary IDs only need to be unique within the process, so they are a random
/// 64-bit prefix drawn once and a counter, shaped as a version-4 UUID.
final class TemporaryIdentifierSource: @unchecked Sendable {
    /// The process-wide source.
    static let shared = TemporaryIdentifierSource()

    private let lock = NSLock()
    private let prefix: UInt64
    private var counter: UInt64

    private init() {
        var generator = SystemRandomNumberGenerator()
        prefix = generator.next()
        counter = generator.next() >> 8
    }

    /// A UUID no other call in this process returns.
    func next() -> UUID {
        let count = lock.withLock {
            counter &+= 1
            return counter
        }
        // Big-endian counter, so the variant bits below overwrite its top bits, not its bottom ones.
        var bytes = (prefix.bigEndian, count.bigEndian)
        return withUnsafeMutableBytes(of: &bytes) { raw -> UUID in
            raw[6] = (raw[6] & 0x0F) | 0x40  // version 4
            raw[8] = (raw[8] & 0x3F) | 0x80  // RFC 4122 variant
            var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: UnsafeRawBufferPointer(raw)) }
            return UUID(uuid: value)
        }
    }
}
