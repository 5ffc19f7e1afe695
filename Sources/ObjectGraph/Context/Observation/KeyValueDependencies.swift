/// Declares which key paths a computed key of a managed-object subclass depends on, so that
/// observing the computed key reports changes of the key paths it is computed from.
///
/// ```swift
/// final class Hero: ManagedObject, KeyValueDependencies {
///     var age: Int? { … computed from birthdate … }
///     func computedValue(forKey key: String) -> Any? { key == "age" ? age : value(forKey: key) }
///     static func keyPathsForValuesAffectingValue(forKey key: String) -> Set<String> {
///         key == "age" ? ["birthdate"] : []
///     }
/// }
/// hero.observe("age", options: [.new]) { hero, change in print(change.newValue ?? "nil") }
/// ```
public protocol KeyValueDependencies: ManagedObject {
    /// The key paths (`"birthdate"`, `"team.name"`) whose changes change the value of `key`.
    static func keyPathsForValuesAffectingValue(forKey key: String) -> Set<String>

    /// The current value of a computed key (what observations report as its old and new value).
    func computedValue(forKey key: String) -> Any?
}

extension KeyValueDependencies {
    /// By default, the value of the model property `key` (nil for a key the model lacks).
    public func computedValue(forKey key: String) -> Any? {
        value(forKey: key)
    }
}
