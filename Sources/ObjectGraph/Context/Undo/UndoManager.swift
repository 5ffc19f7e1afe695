/// Records changes so they can be undone and redone, grouped into user-visible steps.
///
/// Foundation on Linux has no undo manager; this one follows Apple's `UndoManager` semantics:
/// - Changes register an *inverse* action with ``registerUndo(withTarget:handler:)``. Undoing a
///   group performs its actions newest first; actions registered while undoing form the redo
///   group, and actions registered while redoing form a new undo group.
/// - With ``groupsByEvent`` (the default), the first registration opens a group automatically and
///   ``endEventGrouping()`` closes it. Apple closes that group at the end of the run-loop pass; here
///   a managed object context calls `endEventGrouping()` from `processPendingChanges()`, which is
///   the end of an event in Core Data's terms.
/// - A new change (one registered neither while undoing nor while redoing) clears the redo stack.
///
/// ```swift
/// let undo = UndoManager()
/// undo.registerUndo(withTarget: counter) { $0.value -= 1 }
/// counter.value += 1
/// undo.endEventGrouping()
/// undo.undo()              // counter.value is back where it was
/// ```
///
/// An undo manager belongs to one thread or queue (that of its context) and is not `Sendable`.
public final class UndoManager {
    /// Completed groups, oldest first; `undo()` takes the last one.
    var undoStack: [UndoGroup] = []
    /// Undone groups, oldest first; `redo()` takes the last one.
    var redoStack: [UndoGroup] = []
    /// Groups being filled, outermost first.
    var openGroups: [UndoGroup] = []
    /// Nesting count of `disableUndoRegistration()` calls.
    var registrationDisabledCount = 0

    /// Whether the first registration outside any group opens one that ``endEventGrouping()``
    /// closes. Defaults to `true`, as on Apple platforms.
    public var groupsByEvent = true

    /// How many groups ``undo()`` can go back; 0 (the default) means no limit. Older groups are
    /// forgotten as new ones complete.
    public var levelsOfUndo = 0 {
        didSet { trimUndoStack() }
    }

    /// Whether ``undo()`` is running its actions right now.
    public internal(set) var isUndoing = false

    /// Whether ``redo()`` is running its actions right now.
    public internal(set) var isRedoing = false

    /// Makes an undo manager with empty undo and redo stacks.
    public init() {}

    /// How many groups are open (0 when none is).
    public var groupingLevel: Int {
        openGroups.count
    }

    /// Whether registrations are recorded (see ``disableUndoRegistration()``).
    public var isUndoRegistrationEnabled: Bool {
        registrationDisabledCount == 0
    }

    /// Whether ``undo()`` has something to undo, counting a group still open that holds actions.
    public var canUndo: Bool {
        !undoStack.isEmpty || (openGroups.first.map { !$0.isEmpty } ?? false)
    }

    /// Whether ``redo()`` has something to redo.
    public var canRedo: Bool {
        !redoStack.isEmpty
    }

    /// Stops recording registrations until the matching ``enableUndoRegistration()``; calls nest.
    public func disableUndoRegistration() {
        registrationDisabledCount += 1
    }

    /// Balances one ``disableUndoRegistration()``; extra calls are ignored.
    public func enableUndoRegistration() {
        registrationDisabledCount = max(0, registrationDisabledCount - 1)
    }

    /// Forgets every undo and redo group, and every group still open.
    public func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
        openGroups.removeAll()
    }

    /// Forgets every action registered with `target`, dropping groups left empty.
    public func removeAllActions(withTarget target: AnyObject) {
        let identity = ObjectIdentifier(target)
        for group in undoStack + redoStack + openGroups { group.removeActions(withTarget: identity) }
        undoStack.removeAll { $0.isEmpty }
        redoStack.removeAll { $0.isEmpty }
    }

    /// Drops the oldest groups beyond ``levelsOfUndo``.
    func trimUndoStack() {
        if levelsOfUndo > 0, undoStack.count > levelsOfUndo {
            undoStack.removeFirst(undoStack.count - levelsOfUndo)
        }
    }
}
