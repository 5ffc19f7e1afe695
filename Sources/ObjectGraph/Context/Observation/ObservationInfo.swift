/// The observations registered on one managed object, by key (Key-Value Observing's
/// `observationInfo`). The object calls it just before and just after each change of a key.
final class ObservationInfo {
    /// One registration: tells an observation about changes of one key of this object.
    final class Watch {
        weak var observation: Observation?

        init(observation: Observation) {
            self.observation = observation
        }
    }

    private var watchesByKey: [String: [Watch]] = [:]

    /// Whether no observation is registered.
    var isEmpty: Bool {
        watchesByKey.isEmpty
    }

    /// The keys some observation watches.
    var observedKeys: [String] {
        Array(watchesByKey.keys)
    }

    /// Registers `watch` for changes of `key`.
    func add(_ watch: Watch, forKey key: String) {
        watchesByKey[key, default: []].append(watch)
    }

    /// Removes `watch` from `key`.
    func remove(_ watch: Watch, forKey key: String) {
        watchesByKey[key]?.removeAll { $0 === watch || $0.observation == nil }
        if watchesByKey[key]?.isEmpty == true { watchesByKey[key] = nil }
    }

    /// Tells every observation of `key` that it is about to change.
    func willChange(forKey key: String) {
        for watch in watchesByKey[key] ?? [] { watch.observation?.willChange() }
    }

    /// Tells every observation of `key` that it changed.
    func didChange(forKey key: String) {
        for watch in watchesByKey[key] ?? [] { watch.observation?.didChange() }
    }
}
