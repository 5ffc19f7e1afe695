import Dispatch
import TerminalKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGWINCH seen through a descriptor: the Dispatch handler writes on its queue while the
/// waiting thread reads, and watchers come and go while signals arrive (run these under
/// `--sanitize=thread` to check the hand-over).
@Suite(.serialized)
struct TerminalResizeSignalTests {
    private let sender = DispatchQueue(label: "resize sender")

    /// Sends SIGWINCH from another thread until `resizes` reports it readable; false if it never
    /// does. Dispatch starts observing the signal on its own thread after `resume()`, so a signal
    /// sent at once may come before it does and go unseen: then another is sent.
    private func resize(until resizes: TerminalResizeSignal) -> Bool {
        for _ in 0..<200 {
            sender.async { kill(getpid(), SIGWINCH) }
            var request = pollfd(fd: resizes.descriptor, events: Int16(POLLIN), revents: 0)
            var ready: Int32
            repeat { ready = poll(&request, 1, 100) } while ready < 0 && errno == EINTR
            if ready > 0 { return true }
        }
        return false
    }

    @Test func aResizeMakesTheDescriptorReadableAndIsConsumedOnce() throws {
        let resizes = try #require(TerminalResizeSignal())
        #expect(!resizes.consumeResize())
        #expect(resize(until: resizes))
        #expect(resizes.consumeResize())
        #expect(!resizes.consumeResize())
    }

    /// A resize the moment the watcher exists was missed about 2 times in 50: Dispatch had not
    /// started observing the signal yet.
    @Test func aResizeRightAfterTheWatcherIsMadeIsSeen() throws {
        for _ in 0..<100 {
            let resizes = try #require(TerminalResizeSignal())
            kill(getpid(), SIGWINCH)
            var request = pollfd(fd: resizes.descriptor, events: Int16(POLLIN), revents: 0)
            var ready: Int32
            repeat { ready = poll(&request, 1, 5_000) } while ready < 0 && errno == EINTR
            try #require(ready > 0, "a SIGWINCH sent just after the watcher was made went unseen")
            #expect(resizes.consumeResize())
        }
    }

    @Test func watchersMadeAndReleasedWhileSignalsArriveEachSeeTheirOwnResizes() throws {
        for _ in 0..<50 {
            let resizes = try #require(TerminalResizeSignal())
            #expect(resize(until: resizes))
            #expect(resizes.consumeResize())
        }
        sender.sync {}
    }
}
