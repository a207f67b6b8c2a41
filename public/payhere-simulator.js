// Local stand-in for PayHere's checkout script (https://www.payhere.lk/lib/payhere.js), loaded when
// PAYHERE_MODE=simulator. Same API: payhere.onCompleted / onDismissed / onError / startPayment.
// It cannot know the merchant secret, so it asks the server to post a correctly signed notify
// (POST /api/payments/simulator/complete) and only then calls onCompleted, as PayHere's own
// servers notify before the popup reports completion.
(function () {
  'use strict';

  const REQUIRED = ['merchant_id', 'order_id', 'amount', 'currency', 'hash', 'notify_url'];

  const payhere = {
    onCompleted: function () {},
    onDismissed: function () {},
    onError: function () {},
    startPayment: function (payment) {
      const missing = REQUIRED.filter(function (key) {
        return !payment || !payment[key];
      });
      if (missing.length) {
        payhere.onError('Invalid payment data: missing ' + missing.join(', '));
        return;
      }
      openCheckout(payment);
    },
  };

  function element(tag, props, children) {
    const node = document.createElement(tag);
    Object.assign(node, props || {});
    (children || []).forEach(function (child) {
      node.append(child);
    });
    return node;
  }

  function formatAmount(amount, currency) {
    try {
      return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency }).format(Number(amount));
    } catch {
      return currency + ' ' + amount;
    }
  }

  function openCheckout(payment) {
    const title = element('h2', { id: 'payhere-simulator-title', className: 'text-lg font-bold', textContent: 'PayHere test checkout' });
    const badge = element('span', { className: 'badge badge-warning', textContent: 'Simulator' });
    const header = element('div', {}, [title, badge]);
    header.style.cssText = 'display:flex;align-items:center;justify-content:space-between;gap:0.5rem';
    const intro = element('p', {
      className: 'text-sm',
      textContent: 'No real money moves. Choose what this payment should do.',
    });
    intro.style.cssText = 'margin-top:0.5rem;opacity:0.75';

    const rows = [
      ['Item', payment.items || 'Subscription'],
      ['Amount', formatAmount(payment.amount, payment.currency)],
      ['Billing', payment.recurrence ? 'Every ' + payment.recurrence.toLowerCase() : 'One payment'],
      ['Payer', [payment.first_name, payment.last_name].filter(Boolean).join(' ') + ' <' + payment.email + '>'],
      ['Order', payment.order_id],
    ];
    const details = element('dl', {});
    details.style.cssText = 'display:grid;grid-template-columns:auto 1fr;gap:0.25rem 1rem;margin-top:1rem;font-size:0.875rem;word-break:break-all';
    rows.forEach(function (row) {
      const term = element('dt', { textContent: row[0] });
      term.style.cssText = 'opacity:0.7';
      details.append(term, element('dd', { textContent: row[1] }));
    });

    const message = element('p', { role: 'status', className: 'text-sm' });
    message.setAttribute('aria-live', 'polite');
    message.style.cssText = 'margin-top:0.75rem;min-height:1.25rem';

    const cancelButton = element('button', { type: 'button', className: 'btn btn-ghost', textContent: 'Cancel' });
    const failButton = element('button', { type: 'button', className: 'btn btn-error btn-outline', textContent: 'Fail payment' });
    const payButton = element('button', { type: 'button', className: 'btn btn-primary', textContent: 'Pay now', autofocus: true });
    const actions = element('div', { className: 'modal-action' }, [cancelButton, failButton, payButton]);
    actions.style.cssText = 'flex-wrap:wrap';

    const box = element('div', { className: 'modal-box' }, [header, intro, details, message, actions]);
    const dialog = element('dialog', { className: 'modal modal-bottom sm:modal-middle' }, [box]);
    dialog.setAttribute('aria-labelledby', title.id);
    document.body.append(dialog);

    let settled = false;
    function finish() {
      dialog.close();
      dialog.remove();
    }

    async function settle(outcome) {
      if (settled) return;
      settled = true;
      [cancelButton, failButton, payButton].forEach(function (button) {
        button.disabled = true;
      });
      message.textContent = 'Processing…';
      let ok = false;
      let reason = '';
      try {
        const response = await fetch('/api/payments/simulator/complete', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ orderId: payment.order_id, outcome: outcome }),
        });
        const body = await response.json().catch(function () {
          return {};
        });
        ok = response.ok;
        reason = body && body.message ? body.message : '';
      } catch {
        reason = 'The payment simulator could not reach the server.';
      }
      finish();
      if (!ok) payhere.onError(reason || 'The simulated payment could not be processed.');
      else if (outcome === 'success') payhere.onCompleted(payment.order_id);
      else if (outcome === 'cancelled') payhere.onDismissed();
      else payhere.onError('Your card was declined (simulated failure).');
    }

    payButton.addEventListener('click', function () {
      settle('success');
    });
    failButton.addEventListener('click', function () {
      settle('failed');
    });
    cancelButton.addEventListener('click', function () {
      settle('cancelled');
    });
    // Escape closes PayHere's popup as a dismissal; do the same here.
    dialog.addEventListener('cancel', function (event) {
      event.preventDefault();
      settle('cancelled');
    });
    dialog.showModal();
    payButton.focus();
  }

  window.payhere = payhere;
})();
