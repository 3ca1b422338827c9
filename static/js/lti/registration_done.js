// The last page of an LTI Dynamic Registration: tell the LMS's window (the one that opened us in a frame or a new
// window) that we are done, as the spec asks, so that it closes the dialog and shows the new tool.

const CLOSE = { subject: "org.imsglobal.lti.close" };

const lms = window.opener || (window.parent !== window ? window.parent : null);
const status = document.getElementById("lti-close-status");
if (lms) {
  lms.postMessage(CLOSE, "*");
  status.textContent = "The LMS was told the registration is finished; it closes this window.";
} else {
  status.textContent = "This page was not opened by an LMS: nothing to tell it. You may close it.";
}
