/// Keeps an observation of a managed object alive: the observation ends when the token is
/// invalidated or released.
///
/// ```swift
/// let token = movie.observe("name", options: [.old, .new]) { movie, change in … }
/// …
/// token.invalidate()      // or just let the token go
/// ```
public final class ObservationToken {
    private var observation: Observation?

    init(_ observation: Observation) {
        self.observation = observation
    }

    deinit {
        observation?.invalidate()
    }

    /// Ends the observation; the handler is not called again.
    public func invalidate() {
        observation?.invalidate()
        observation = nil
    }
}
