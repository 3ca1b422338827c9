"""Live classrooms: the /class namespace, rooms (in memory or Redis), join codes, questions, and the
student's link."""
