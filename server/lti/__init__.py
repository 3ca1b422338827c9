"""LTI 1.3 (issue 32, docs/lms.md): Minimax Lab as a tool an LMS (Canvas, Moodle, ...) launches, built on pylti1p3.

tool.py reads the platforms (`--lti-config`); launch_store.py keeps logins and launches (memory or Redis);
routes.py answers /lti/login, /lti/launch and /lti/jwks; deep_linking.py lets an instructor add an exercise or a
view; attach.py adds a course to an exercise by its results link; exercise_launches.py tells the exercise routes
whose a check is and sends its score (grades.py, through service_tokens.py's kept tokens)."""
