import Foundation

/// One value of a property list as the binary writer takes it, including the keyed archiver's UIDs.
///
/// Dictionaries keep their entries in the order given, so an archive comes out the same every
/// time. Only string keys are needed: keyed archives use nothing else.
indirect enum PropertyListItem: Hashable, Sendable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case boolean(Bool)
    /// Seconds since 2001-01-01T00:00:00Z, as binary property lists store dates.
    case date(Double)
    case data(Data)
    /// A reference into a keyed archive's `$objects` (a `CF$UID`).
    case uid(Int)
    case array([PropertyListItem])
    case dictionary([Entry])

    /// One key-value pair of a dictionary.
    struct Entry: Hashable, Sendable {
        var key: String
        var value: PropertyListItem
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
