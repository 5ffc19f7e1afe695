extension ManagedObject {
    /// Calls `handler` whenever the value at `keyPath` changes, until the returned token is
    /// invalidated or released (Key-Value Observing).
    ///
    /// `keyPath` is a property (`"name"`), a path through to-one relationships (`"theater.name"`,
    /// followed to the new destination when the relationship changes) or, on a subclass that
    /// adopts ``KeyValueDependencies``, a computed key, reported whenever a key path it depends
    /// on changes. For a to-many relationship the change says which objects were inserted or
    /// removed. The handler runs on the context's queue, synchronously with the change.
    ///
    /// ```swift
    /// let token = theater.observe("movies", options: [.old, .new]) { theater, change in
    ///     print(change.kind, change.insertedObjects.count)      // insertion 1
    /// }
    /// theater.mutableSetValue(forKey: "movies").insert(movie)
    /// ```
    public func observe(
        _ keyPath: String, options: ObservationOptions = [.new],
        _ handler: @escaping (ManagedObject, ObservedChange) -> Void
    ) -> ObservationToken {
        let path = keyPath.split(separator: ".").map(String.init)
        let observation = Observation(root: self, path: path, options: options, handler: handler)
        if options.contains(.initial) {
            handler(
                self,
                ObservedChange(
                    kind: .setting, oldValue: nil, newValue: options.contains(.new) ? observation.currentValue : nil,
                    insertedObjects: [], removedObjects: [], isPrior: false))
        }
        return ObservationToken(observation)
    }

    /// Tells this object's observations that `key` changed (called by every change after it is
    /// made).
    func didChangeValue(forKey key: String) {
        observationInfo?.didChange(forKey: key)
    }
}
