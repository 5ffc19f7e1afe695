import Foundation

/// Hands out the identities of temporary object IDs quickly.
///
/// Foundation's `UUID()` on Linux opens, reads and closes `/dev/urandom` on every call, which
/// made creating objects (every insert and every fetched row) spend a fifth of its time in
/// system calls. Temporary IDs only need to be unique within the process, so they are a random
/// 64-bit prefix drawn once and a counter, shaped as a version-4 UUID. An ID keeps only its
/// counter's number and makes the UUID when asked for it.
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

    /// A number no other call in this process returns: the part of a temporary ID's UUID that
    /// differs from ID to ID (see ``uuid(for:)``).
    func nextNumber() -> UInt64 {
        lock.withLock {
            counter &+= 1
            return counter
        }
    }

    /// The UUID of the temporary ID numbered `count` by ``nextNumber()``: distinct numbers give
    /// distinct UUIDs (the variant bits overwrite only the counter's top two bits, which stay
    /// clear for 2^62 numbers).
    func uuid(for count: UInt64) -> UUID {
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
