/// Managed objects answer keys, so predicates evaluate over them in memory (for unsaved objects
/// merged into fetch results, and for `array.filter(predicate)`).
extension ManagedObject: KeyValueReadable {}
