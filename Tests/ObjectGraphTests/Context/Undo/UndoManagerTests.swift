import Testing

@testable import ObjectGraph

/// A value that records its inverse with the undo manager on every change, as the context does.
private final class Counter {
    let undoManager: UndoManager
    private(set) var value = 0

    init(undoManager: UndoManager) {
        self.undoManager = undoManager
    }

    func set(_ newValue: Int) {
        let oldValue = value
        undoManager.registerUndo(withTarget: self) { $0.set(oldValue) }
        value = newValue
    }
}

@Suite struct UndoManagerTests {
    @Test func undoTakesBackTheChangesOfOneEvent() {
        let undo = UndoManager()
        let counter = Counter(undoManager: undo)
        counter.set(1)
        undo.endEventGrouping()
        counter.set(2)
        counter.set(3)
        undo.endEventGrouping()
        undo.undo()
        #expect(counter.value == 1)
        undo.undo()
        #expect(counter.value == 0)
        #expect(!undo.canUndo)
    }

    @Test func redoPerformsTheUndoneEventAgain() {
        let undo = UndoManager()
        let counter = Counter(undoManager: undo)
        counter.set(5)
        counter.set(7)
        undo.endEventGrouping()
        undo.undo()
        #expect(counter.value == 0)
        #expect(undo.canRedo)
        undo.redo()
        #expect(counter.value == 7)
        undo.undo()
        #expect(counter.value == 0)
    }

    @Test func undoClosesTheEventGroupStillOpen() {
        let undo = UndoManager()
        let counter = Counter(undoManager: undo)
        counter.set(4)
        #expect(undo.groupingLevel == 1)
        #expect(undo.canUndo)
        undo.undo()
        #expect(counter.value == 0)
        #expect(undo.groupingLevel == 0)
    }

    @Test func aNewChangeClearsTheRedoStack() {
        let undo = UndoManager()
        let counter = Counter(undoManager: undo)
        counter.set(1)
        undo.undo()
        #expect(undo.canRedo)
        counter.set(9)
        #expect(!undo.canRedo)
    }

    @Test func explicitGroupsSpanSeveralEventsAndNest() {
        let undo = UndoManager()
        let counter = Counter(undoManager: undo)
        undo.beginUndoGrouping()
        counter.set(1)
        undo.endEventGrouping()
        undo.beginUndoGrouping()
        counter.set(2)
        undo.endUndoGrouping()
        counter.set(3)
        undo.endUndoGrouping()
        #expect(undo.groupingLevel == 0)
        undo.undo()
        #expect(counter.value == 0)
        #expect(!undo.canUndo)
    }

    @Test func actionNamesFollowTheirStepThroughUndoAndRedo() {
        let undo = UndoManager()
        let counter = Counter(undoManager: undo)
        counter.set(1)
        undo.setActionName("Set Counter")
        undo.endEventGrouping()
        #expect(undo.undoMenuItemTitle == "Undo Set Counter")
        undo.undo()
        #expect(undo.redoMenuItemTitle == "Redo Set Counter")
        #expect(undo.undoMenuItemTitle == "Undo")
    }

    @Test func levelsOfUndoForgetsTheOldestSteps() {
        let undo = UndoManager()
        undo.levelsOfUndo = 2
        let counter = Counter(undoManager: undo)
        for value in 1...4 {
            counter.set(value)
            undo.endEventGrouping()
        }
        undo.undo()
        undo.undo()
        undo.undo()
        #expect(counter.value == 2)
    }

    @Test func disabledRegistrationRecordsNothing() {
        let undo = UndoManager()
        let counter = Counter(undoManager: undo)
        undo.disableUndoRegistration()
        counter.set(1)
        undo.enableUndoRegistration()
        #expect(!undo.canUndo)
        #expect(undo.isUndoRegistrationEnabled)
    }

    @Test func removingATargetsActionsDropsGroupsLeftEmpty() {
        let undo = UndoManager()
        let first = Counter(undoManager: undo)
        let second = Counter(undoManager: undo)
        first.set(1)
        undo.endEventGrouping()
        second.set(1)
        first.set(2)
        undo.endEventGrouping()
        undo.removeAllActions(withTarget: first)
        undo.undo()
        #expect(second.value == 0)
        #expect(first.value == 2)
        #expect(!undo.canUndo)
    }

    @Test func actionsOfAReleasedTargetAreSkipped() {
        let undo = UndoManager()
        var counter: Counter? = Counter(undoManager: undo)
        counter?.set(1)
        counter = nil
        undo.undo()
        #expect(undo.canRedo == false)
    }

    @Test func undoingAndRedoingFlagsAreSetOnlyWhileActionsRun() {
        let undo = UndoManager()
        final class Probe {}
        let probe = Probe()
        var seen: [(Bool, Bool)] = []
        func register() {
            undo.registerUndo(withTarget: probe) { _ in
                seen.append((undo.isUndoing, undo.isRedoing))
                register()
            }
        }
        register()
        undo.undo()
        undo.redo()
        #expect(seen.map(\.0) == [true, false])
        #expect(seen.map(\.1) == [false, true])
        #expect(!undo.isUndoing && !undo.isRedoing)
        #expect(undo.canUndo)
    }
}
