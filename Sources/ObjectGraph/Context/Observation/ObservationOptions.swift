/// What an observation of a managed object reports (Key-Value Observing's options).
public struct ObservationOptions: OptionSet, Sendable {
    /// The raw option bits.
    public let rawValue: Int

    /// Makes options from raw bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Include the value after the change.
    public static let new = ObservationOptions(rawValue: 1 << 0)
    /// Include the value before the change.
    public static let old = ObservationOptions(rawValue: 1 << 1)
    /// Report once right away, with the current value as the new value.
    public static let initial = ObservationOptions(rawValue: 1 << 2)
    /// Also report just before each change (``ObservedChange/isPrior`` set), with the old value.
    public static let prior = ObservationOptions(rawValue: 1 << 3)
}
