import Foundation

/// Starts a program that may outlive the call (a tmux client whose server daemonises) so that it
/// takes nothing of the test process with it but its three standard streams.
///
/// A test process runs many tests at once, on Dispatch's threads. A child started from one of
/// them inherits, unless told otherwise:
/// - every descriptor without close-on-exec, such as the pipes another test is reading a product's
///   output from: a tmux server holding such a pipe's write end keeps that reader from ever
///   seeing the end of the output, and that test waits for good;
/// - the thread's signal mask, in which Dispatch blocks nearly every signal: a tmux server with
///   SIGHUP, SIGCHLD and SIGTERM blocked never ends its panes or itself, so `kill-server` leaves
///   it running, still holding those pipes.
///
/// So the child closes every descriptor above standard error and starts with no signal blocked
/// and every signal's default action.
public enum CleanSpawn {
    /// Why a program could not be started.
    public struct Failure: Error, CustomStringConvertible {
        /// The program.
        public let program: String
        /// The `errno` value `posix_spawnp` returned.
        public let code: Int32
        public var description: String { "could not start \(program): \(String(cString: strerror(code)))" }
    }

    /// Starts `arguments[0]` (looked up on `PATH`) with `arguments`, its standard input from
    /// /dev/null and its standard output to `output` (or /dev/null), then waits for it and
    /// returns its exit status.
    @discardableResult
    public static func runToEnd(_ arguments: [String], output: String? = nil) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        closeInheritedDescriptors(&actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let started = posix_spawnp(&pid, arguments[0], &actions, &attributes, cArguments, environ)
        guard started == 0 else { throw Failure(program: arguments[0], code: started) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status >> 8) & 0xFF
    }

    /// Adds "close every descriptor from 3 up" to `actions`: glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later, looked up because Swift's Glibc
    /// module leaves it out), else a close of each descriptor open now.
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"),
            unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3) == 0
        {
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }
}
