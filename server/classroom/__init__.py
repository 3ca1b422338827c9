"""Live classrooms: the /class namespace, rooms (in memory or Redis), join codes, questions, and the
student's link; what followers may hold and answer (gate.py: release.py, latecomers.py,
answer_form.py, tickets.py)."""
