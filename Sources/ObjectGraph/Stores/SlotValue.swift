import Foundation

/// One slot of ``PropertyValues``: the value types attributes mostly hold, held as themselves.
///
/// An `Any?` takes 32 bytes whatever it holds, and copying one out calls the runtime's value
/// witnesses. This enum takes 24 (a `String`'s 16 and a tag) and is copied by a switch, so five
/// values of a fetched movie cost 120 bytes instead of 160. Any other type (`Data`, `Decimal`,
/// `UUID`, `Int16`, a transformable's object…) is kept boxed exactly as given, so reading a slot
/// always returns the value, of the type, that was stored.
enum SlotValue {
    /// No value (nil).
    case none
    /// An `Int` (the canonical type of integer attributes).
    case integer(Int)
    /// A `Double`.
    case real(Double)
    /// A `Bool`.
    case flag(Bool)
    /// A `String`.
    case text(String)
    /// A `Date`.
    case date(Date)
    /// A to-one destination's ID.
    case objectID(ManagedObjectID)
    /// A value of any other type, as given.
    case other(Boxed)

    /// A value of a type ``SlotValue`` has no case for.
    final class Boxed {
        /// The value, as given.
        let value: Any

        init(_ value: Any) {
            self.value = value
        }
    }

    /// The slot for `value`, by its exact type: an `NSNumber` or an `Int16` stays what it is.
    @inline(__always)
    init(_ value: borrowing Any?) {
        // The type is read from the existential's metadata word, and the cases' values straight
        // from its inline buffer (Swift's `TypeLayout.rst`: an `Any` is a three-word buffer, where
        // values of up to three words, as all of these are, sit, then the type's metadata, which is
        // null for `nil`). `type(of:)` and the runtime's cast do the same through several calls.
        // `value` is borrowed, so the buffer is read where the caller keeps it: taken as a plain
        // parameter, it was first copied out and destroyed again, through the value witnesses.
        guard Self.readsInlineBuffers else {
            self = value.map(Self.cast) ?? .none
            return
        }
        if let known = withUnsafePointer(to: value, { Self.known(at: UnsafeRawPointer($0)) }) {
            self = known
        } else {
            self = .other(Boxed(value.unsafelyUnwrapped))
        }
    }

    /// The slot for the `Any?` at `raw` when it is nil or of a type with a case; nil otherwise.
    @inline(__always)
    private static func known(at raw: UnsafeRawPointer) -> SlotValue? {
        let word = MemoryLayout<UnsafeRawPointer>.size
        guard let metadata = raw.load(fromByteOffset: 3 * word, as: UnsafeRawPointer?.self) else {
            return SlotValue.none
        }
        if metadata == metadataPointer(String.self) { return .text(raw.load(as: String.self)) }
        if metadata == metadataPointer(Int.self) { return .integer(raw.load(as: Int.self)) }
        if metadata == metadataPointer(Double.self) { return .real(raw.load(as: Double.self)) }
        if metadata == metadataPointer(Date.self) { return .date(raw.load(as: Date.self)) }
        if metadata == metadataPointer(Bool.self) { return .flag(raw.load(as: Bool.self)) }
        if metadata == metadataPointer(ManagedObjectID.self) { return .objectID(raw.load(as: ManagedObjectID.self)) }
        return nil
    }

    /// The slot of a to-one destination's ID, or nothing for nil (made without an `Any`).
    init(_ objectID: ManagedObjectID?) {
        self = objectID.map(SlotValue.objectID) ?? .none
    }

    /// The object `value` holds when it was wrapped as a ``ManagedObject`` (the `Any` records
    /// that static type, whatever the object's own class); nil for nil, a value wrapped as a
    /// subclass or anything else, which the caller casts as usual. Read like ``init(_:)``: an
    /// object reference is the buffer's first word and the type the metadata word, so no
    /// runtime cast is made.
    @inline(__always)
    static func plainManagedObject(in value: borrowing Any?) -> ManagedObject? {
        guard readsInlineBuffers else { return nil }
        return withUnsafePointer(to: value) { pointer in
            let raw = UnsafeRawPointer(pointer)
            let metadata = raw.load(fromByteOffset: 3 * MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer?.self)
            guard metadata == metadataPointer(ManagedObject.self) else { return nil }
            return raw.load(as: ManagedObject.self)
        }
    }

    /// The address of `type`'s metadata, which an `Any` holding a `T` records.
    @inline(__always)
    private static func metadataPointer<T>(_ type: T.Type) -> UnsafeRawPointer {
        unsafeBitCast(type as Any.Type, to: UnsafeRawPointer.self)
    }

    /// Whether an `Any` is the three-word buffer and a metadata word this file reads.
    private static var readsInlineBuffers: Bool {
        MemoryLayout<Any?>.size == 4 * MemoryLayout<UnsafeRawPointer>.size
    }

    /// ``init(_:)`` for a value that is not nil, by the runtime's casts, for layouts this file
    /// does not read.
    private static func cast(_ value: Any) -> SlotValue {
        let type = type(of: value)
        if type == String.self, let text = value as? String { return .text(text) }
        if type == Int.self, let number = value as? Int { return .integer(number) }
        if type == Double.self, let number = value as? Double { return .real(number) }
        if type == Date.self, let date = value as? Date { return .date(date) }
        if type == Bool.self, let flag = value as? Bool { return .flag(flag) }
        if type == ManagedObjectID.self, let identifier = value as? ManagedObjectID { return .objectID(identifier) }
        return .other(Boxed(value))
    }

    /// The value held, as `Any?`.
    @inline(__always)
    var value: Any? {
        switch self {
        case .none: nil
        case .integer(let number): number
        case .real(let number): number
        case .flag(let flag): flag
        case .text(let text): text
        case .date(let date): date
        case .objectID(let identifier): identifier
        case .other(let boxed): boxed.value
        }
    }

    /// Whether the slot holds no value.
    var isNone: Bool {
        if case .none = self { return true }
        return false
    }

    /// The ID held, or nil when the slot holds none (an ID boxed another way is found by a cast).
    var objectID: ManagedObjectID? {
        switch self {
        case .objectID(let identifier): identifier
        case .other(let boxed): boxed.value as? ManagedObjectID
        default: nil
        }
    }
}
