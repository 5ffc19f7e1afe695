import Foundation
import ObjectGraph
import SQLite

/// Turns raw column values into what a person reads, by attribute type (DESIGN.md §3.3):
/// dates are seconds since 2001-01-01 shown as ISO-8601 UTC, UUIDs are 16-byte blobs shown in
/// their usual form, Booleans are 0/1, and blobs are summarised by size and sniffed content.
public enum ValueFormatter {
    /// Core Data's reference date, 2001-01-01T00:00:00Z, as seconds since 1970.
    public static let referenceDateOffset: Double = 978_307_200

    /// The readable form of `value` stored for an attribute of `type`.
    ///
    /// - Parameters:
    ///   - value: the value as SQLite holds it.
    ///   - type: the attribute's type, or nil when the column belongs to no known attribute.
    ///   - blobLength: for blobs read as a prefix, the full length in bytes.
    ///   - externalStorage: whether the attribute allows external storage (first byte 1 = inline, 2 = file).
    public static func format(
        _ value: SQLiteValue, type: AttributeType?, blobLength: Int64? = nil, externalStorage: Bool = false
    ) -> InspectedValue {
        switch value {
        case .null:
            return .null
        case .integer(let number):
            switch type {
            case .boolean: return number == 0 || number == 1 ? .boolean(number == 1) : .integer(number)
            case .date: return .text(isoDate(Double(number)))
            default: return .integer(number)
            }
        case .real(let number):
            if type == .date { return .text(isoDate(number)) }
            return .real(number)
        case .text(let text):
            return .text(text)
        case .blob(let bytes):
            if type == .uuid, bytes.count == 16 {
                return .text(UUID(uuid: bytes.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }).uuidString)
            }
            return .text(
                blobSummary(bytes, totalLength: blobLength ?? Int64(bytes.count), externalStorage: externalStorage))
        }
    }

    /// `2009-02-13T23:31:30Z` for seconds since 2001-01-01; fractions kept to the millisecond when present.
    public static func isoDate(_ secondsSince2001: Double) -> String {
        guard secondsSince2001.isFinite, abs(secondsSince2001) < 1e12 else { return "\(secondsSince2001) (not a date)" }
        let date = Date(timeIntervalSinceReferenceDate: secondsSince2001)
        return DateFormatters.shared.string(from: date, fractional: secondsSince2001.rounded() != secondsSince2001)
    }

    /// `<12,345 bytes: PNG 64×64>`: size and, when recognisable, what the bytes are.
    public static func blobSummary(_ prefix: Data, totalLength: Int64, externalStorage: Bool = false) -> String {
        var bytes = prefix
        var length = totalLength
        if externalStorage, let marker = bytes.first {
            if marker == 2 {
                let name = String(decoding: bytes.dropFirst().prefix { $0 != 0 }, as: UTF8.self)
                return "<external file \(name)>"
            }
            if marker == 1 {
                bytes = bytes.dropFirst()
                length -= 1
            }
        }
        let size = length == 1 ? "1 byte" : "\(grouped(length)) bytes"
        guard let kind = sniff(Data(bytes)) else { return "<\(size)>" }
        return "<\(size): \(kind)>"
    }

    /// What a blob's first bytes say it is: PNG (with size), JPEG, GIF, PDF, binary plist or keyed archive.
    public static func sniff(_ bytes: Data) -> String? {
        let b = [UInt8](bytes.prefix(64))
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            if b.count >= 24 {
                let width = b[16..<20].reduce(0) { $0 << 8 | Int($1) }
                let height = b[20..<24].reduce(0) { $0 << 8 | Int($1) }
                return "PNG \(width)×\(height)"
            }
            return "PNG"
        }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return "JPEG" }
        if b.starts(with: Array("GIF8".utf8)) { return "GIF" }
        if b.starts(with: Array("%PDF".utf8)) { return "PDF" }
        if b.starts(with: Array("bplist".utf8)) {
            if let archive = try? KeyedArchive(data: bytes), let root = archive.root {
                return "keyed archive of \(root.className)"
            }
            return "binary plist"
        }
        if b.starts(with: Array("<?xml".utf8)) { return "XML" }
        return nil
    }

    private static func grouped(_ number: Int64) -> String {
        let digits = String(number)
        var result = ""
        for (index, character) in digits.reversed().enumerated() {
            if index > 0 && index % 3 == 0 && character != "-" { result.append(",") }
            result.append(character)
        }
        return String(result.reversed())
    }
}

/// The two ISO-8601 formatters dates are written with, made once: creating one costs about 0.3 ms,
/// a hundred times what formatting a date costs, and a listing formats a date per row.
private final class DateFormatters: @unchecked Sendable {
    static let shared = DateFormatters()

    private let lock = NSLock()
    private let whole = DateFormatters.make([.withInternetDateTime])
    private let fractional = DateFormatters.make([.withInternetDateTime, .withFractionalSeconds])

    /// `date` in UTC, with milliseconds when `fractional`; formatters are not thread-safe, hence the lock.
    func string(from date: Date, fractional isFractional: Bool) -> String {
        lock.withLock { (isFractional ? fractional : whole).string(from: date) }
    }

    private static func make(_ options: ISO8601DateFormatter.Options) -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = options
        return formatter
    }
}
