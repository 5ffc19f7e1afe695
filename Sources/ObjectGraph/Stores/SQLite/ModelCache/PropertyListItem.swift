import Foundation

/// One value of a property list as the binary writer takes it and the binary reader gives it,
/// including the keyed archiver's UIDs.
///
/// Dictionaries keep their entries in the order given, so an archive comes out the same every
/// time. Only string keys are needed: keyed archives and store metadata use nothing else.
public indirect enum PropertyListItem: Hashable, Sendable {
    /// A string.
    case string(String)
    /// A whole number.
    case integer(Int64)
    /// A floating-point number.
    case real(Double)
    /// A boolean.
    case boolean(Bool)
    /// Seconds since 2001-01-01T00:00:00Z, as binary property lists store dates.
    case date(Double)
    /// Bytes.
    case data(Data)
    /// A reference into a keyed archive's `$objects` (a `CF$UID`).
    case uid(Int)
    /// An array (also a set or ordered set, as read).
    case array([PropertyListItem])
    /// A dictionary, its entries in stored order.
    case dictionary([Entry])
    /// The binary format's `null` (rarely written; never by Apple's serializer).
    case null

    /// One key-value pair of a dictionary.
    public struct Entry: Hashable, Sendable {
        /// The key.
        public var key: String
        /// The value.
        public var value: PropertyListItem

        /// A pair.
        public init(key: String, value: PropertyListItem) {
            self.key = key
            self.value = value
        }
    }

    /// A dictionary from ordered pairs.
    static func dictionary(_ pairs: KeyValuePairs<String, PropertyListItem>) -> PropertyListItem {
        .dictionary(pairs.map { Entry(key: $0.key, value: $0.value) })
    }

    /// Whether the writer may store one copy of this value for every place it appears.
    ///
    /// Apple's writer shares equal strings, numbers, dates, data and UIDs; collections are
    /// written once per occurrence.
    var isShareable: Bool {
        switch self {
        case .array, .dictionary: false
        default: true
        }
    }
}
