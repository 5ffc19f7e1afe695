import Foundation

/// Turns the value of a transformable attribute into the bytes the store keeps, and back: Core
/// Data's use of Foundation's `ValueTransformer`, which Foundation on Linux does not have.
///
/// A transformable attribute names its transformer in the model (`valueTransformerName`, Xcode's
/// "Transformer" field). Register a transformer under that name before opening the store, as an
/// iOS app does in `application(_:didFinishLaunchingWithOptions:)`:
///
/// ```swift
/// final class ColorTransformer: ObjectValueTransformer, @unchecked Sendable {
///     override func transformedValue(_ value: Any?) -> Any? {          // Color → Data
///         (value as? Color).map { Data([$0.red, $0.green, $0.blue]) }
///     }
///     override func reverseTransformedValue(_ value: Any?) -> Any? {   // Data → Color
///         (value as? Data).flatMap { $0.count == 3 ? Color(red: $0[0], green: $0[1], blue: $0[2]) : nil }
///     }
/// }
/// ObjectValueTransformer.setValueTransformer(ColorTransformer(), forName: "ColorTransformer")
/// ```
///
/// The SQLite store calls ``transformedValue(_:)`` when it writes the attribute (the result must
/// be `Data`) and ``reverseTransformedValue(_:)`` when it reads the column back. Objects and the
/// in-memory store hold the untransformed value. A transformable attribute without a transformer
/// name, or naming one that is not registered, keeps its value as `Data` both ways (Core Data's
/// default, keyed archiving of Objective-C classes such as `UIColor`, cannot be undone on Linux).
/// Two archiving transformers are registered from the start: ``secureUnarchiveFromDataName`` and
/// ``keyedUnarchiveFromDataName`` (see ``KeyedArchiveValueTransformer``).
open class ObjectValueTransformer: @unchecked Sendable {
    /// Makes a transformer; subclasses override the two transformations.
    public init() {}

    /// The attribute's value as the store keeps it (`Data`); the default returns `value` unchanged.
    open func transformedValue(_ value: Any?) -> Any? { value }

    /// The attribute's value made from what the store keeps; the default returns `value` unchanged.
    open func reverseTransformedValue(_ value: Any?) -> Any? { value }

    // MARK: - The registry of named transformers

    /// The name Xcode writes for the secure keyed-archiving transformer (`NSSecureUnarchiveFromData`).
    public static let secureUnarchiveFromDataName = "NSSecureUnarchiveFromData"
    /// The name of the older keyed-archiving transformer (`NSKeyedUnarchiveFromData`).
    public static let keyedUnarchiveFromDataName = "NSKeyedUnarchiveFromData"

    /// Registers `transformer` under `name`, replacing an earlier one; nil removes the name.
    public static func setValueTransformer(_ transformer: ObjectValueTransformer?, forName name: String) {
        registry.withLock { $0[name] = transformer }
    }

    /// The transformer registered under `name`, if any.
    public static func valueTransformer(forName name: String) -> ObjectValueTransformer? {
        registry.withLock { $0[name] }
    }

    /// The names with a registered transformer, sorted.
    public static var valueTransformerNames: [String] {
        registry.withLock { $0.keys.sorted() }
    }

    private static let registry = TransformerRegistry([
        secureUnarchiveFromDataName: KeyedArchiveValueTransformer(),
        keyedUnarchiveFromDataName: KeyedArchiveValueTransformer(),
    ])
}

/// The named transformers behind a lock (transformers are registered from any thread).
private final class TransformerRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var transformers: [String: ObjectValueTransformer]

    init(_ transformers: [String: ObjectValueTransformer]) {
        self.transformers = transformers
    }

    func withLock<Result>(_ body: (inout [String: ObjectValueTransformer]) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&transformers)
    }
}
