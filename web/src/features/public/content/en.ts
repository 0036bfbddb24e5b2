// English copy of the public site (also shown on Korean pages, architecture §14).
import { companyLines, SITE } from '../site-details';
import type { PublicContent } from './types';

export const en: PublicContent = {
  landing: {
    eyebrow: 'Electronic contracts with video evidence',
    title: 'Sign contracts online, with proof that holds up',
    lead: 'SignSeal lets you send a contract, have every party sign it online and, when it matters, record a short video of each signer agreeing. Every completed contract is sealed with a blockchain time stamp and an NFT certificate.',
    trialNote: 'No credit card required. Cancel at any time.',
    services: {
      eSignature: {
        title: 'One-click signature to NFT',
        summary:
          'Upload a PDF, place the signature fields and send it. Signers sign in their browser without creating an account, and the finished document is recorded as an NFT with a blockchain time stamp.',
        points: [
          'Signers need only an e-mail address or phone number',
          'Reusable signatures and company stamps',
          'A tamper-evident hash of the final PDF on a public blockchain',
        ],
      },
      videoSignature: {
        title: 'Video signature',
        summary:
          'Ask a signer to record a short video while signing: they state their name, the date and time, and that they agree to the contract. The video is kept with the contract as evidence.',
        points: [
          'Recorded live in the browser or on a phone through a QR code',
          'A script on screen tells the signer exactly what to say',
          'The recording is sealed together with the signed document',
        ],
      },
      videoContract: {
        title: 'Video contract',
        summary:
          'For agreements where a conversation matters more than a signature: every party records their consent on video, the owner confirms the videos, and SignSeal seals the result.',
        points: [
          'Consent to filming is part of the flow',
          'Each video is reviewed and confirmed before sealing',
          'A clear record of who agreed to what, and when',
        ],
      },
    },
    casesLead:
      'Teams of every size use SignSeal wherever an agreement needs a signature and a reliable record.',
    cases: {
      hr: {
        title: 'Human resources',
        body: 'Employment contracts, offer letters and confidentiality agreements, signed before the first day.',
      },
      sales: {
        title: 'Sales',
        body: 'Quotes and sales contracts closed in minutes, with the customer’s consent on record.',
      },
      leasing: {
        title: 'Leasing and rentals',
        body: 'Lease agreements for property and equipment, signed remotely by every tenant.',
      },
      purchasing: {
        title: 'Purchasing',
        body: 'Purchase orders and supplier agreements approved without printing or posting paper.',
      },
      moneyLending: {
        title: 'Money lending',
        body: 'Loan agreements where a video of the borrower’s consent adds strong evidence.',
      },
      outsourcing: {
        title: 'Outsourcing and contracting',
        body: 'Service and subcontracting agreements with freelancers and partners anywhere.',
      },
      other: {
        title: 'And more',
        body: 'Any agreement between two or more parties: memorandums, consent forms, waivers and more.',
      },
    },
    closing: {
      title: 'Try SignSeal free for 30 days',
      body: 'Send your first contract today. Every feature of the Standard plan is included during the trial.',
    },
  },
  footer: {
    tagline: 'Electronic contracts, video signatures and blockchain evidence in one place.',
  },
  services: {
    lead: 'Three ways to reach an agreement online, from a quick signature to a fully recorded video contract. Each one ends with a sealed document and a blockchain certificate.',
  },
  servicePages: {
    eSignature: {
      lead: 'Send a PDF for signature in a few clicks. Your counterparties sign in the browser, on any device, without an account, and the completed contract is sealed with an NFT and a blockchain time stamp.',
      features: [
        {
          title: 'Simple for signers',
          body: 'Each signer receives a personal link by e-mail or text message, reviews the document and signs where you asked them to.',
        },
        {
          title: 'Signatures and stamps',
          body: 'Draw a signature, type one, or create a personal or corporate stamp, and reuse it on every contract.',
        },
        {
          title: 'Evidence you can check',
          body: 'When everyone has signed, SignSeal records a hash of the final PDF on a public blockchain and issues an NFT certificate, so anyone can check that the document has not changed.',
        },
        {
          title: 'A full history',
          body: 'Every upload, request, signature and refusal is logged with its time, so you always know where a contract stands.',
        },
      ],
      stepsHeading: 'How it works',
      steps: [
        'Upload your contract as a PDF.',
        'Add the signers and place their signature fields.',
        'Send the request; signers sign online.',
        'Receive the sealed document and its blockchain certificate.',
      ],
      closing: 'Start with the free trial and send your first contract in minutes.',
    },
    videoSignature: {
      lead: 'Add a short video to a signature. The signer records themselves stating their name, the date and time, and their agreement to the contract, so there is no doubt about who signed and when.',
      features: [
        {
          title: 'Recorded live',
          body: 'The video is recorded live in the browser or on a phone, never uploaded from an earlier recording.',
        },
        {
          title: 'A script on screen',
          body: 'The signer reads a short script showing their name, the current date and time, and the contract number.',
        },
        {
          title: 'No camera? Use a phone',
          body: 'If the computer has no camera, the signer scans a QR code and records on their smartphone instead.',
        },
        {
          title: 'Sealed with the document',
          body: 'The videos are kept with the signed contract and covered by the same blockchain time stamp.',
        },
      ],
      stepsHeading: 'How it works',
      steps: [
        'Choose video signature when you send the contract.',
        'Each signer signs and records a short video.',
        'You review the videos.',
        'The contract and videos are sealed together.',
      ],
      closing: 'Video signatures are included in every plan, including the free trial.',
    },
    videoContract: {
      lead: 'Some agreements are made in conversation. With a video contract, each party records their consent on video, you confirm every recording, and SignSeal seals the result as evidence.',
      features: [
        {
          title: 'Consent first',
          body: 'Each party agrees to be filmed before recording, which is one of the conditions for a video to count as evidence.',
        },
        {
          title: 'Confirmation step',
          body: 'The contract owner watches each video and confirms or refuses it before the contract is completed.',
        },
        {
          title: 'Proof of date and integrity',
          body: 'A blockchain time stamp fixes the date, and the recorded hash shows that nothing was changed afterwards.',
        },
        {
          title: 'Works on any device',
          body: 'Parties record on a computer or a smartphone; nothing needs to be installed.',
        },
      ],
      stepsHeading: 'How it works',
      steps: [
        'Create a video contract and invite the parties.',
        'Each party records their consent on video.',
        'You confirm every video.',
        'SignSeal seals the contract and its videos.',
      ],
      closing: 'Try video contracts free for 30 days.',
    },
  },
  faq: {
    lead: 'Answers to the questions we hear most about video signatures and evidence.',
    items: [
      {
        id: 'why-video',
        question: 'Why sign with a video?',
        answer: [
          'A handwritten or electronic signature shows that someone signed, but not always who they were or that they understood what they signed. A short video of the signer stating their name, the date and their agreement removes that doubt and makes later disputes much less likely.',
        ],
      },
      {
        id: 'what-is-video-evidence',
        question: 'What is video evidence?',
        answer: [
          'Video evidence is a recording that shows a fact, here a person agreeing to a contract. To be useful it must show who is speaking, what they agree to and when the recording was made.',
        ],
      },
      {
        id: 'court-evidence',
        question: 'Can a video be used as evidence in court?',
        answer: [
          'Yes, provided three conditions are met:',
          {
            list: [
              'the person filmed consented to being filmed;',
              'there is proof that the video was not manipulated;',
              'the date of the recording is stated or can be proven.',
            ],
          },
          'SignSeal is designed around these conditions. It is not a law firm and does not give legal advice, so please check the rules that apply to your contract.',
        ],
      },
      {
        id: 'which-recordings',
        question: 'Which recordings count as evidence?',
        answer: [
          'Only recordings made with the consent of the person filmed, that have not been edited and whose date is clear. SignSeal records the video live, shows the current date and time in the script the signer reads, and never accepts a previously recorded video.',
        ],
      },
      {
        id: 'legal-force',
        question: 'Why do SignSeal contracts have strong legal force?',
        answer: [
          'Because SignSeal adds what a plain recording lacks: every completed contract and its videos are hashed and recorded on a public blockchain with a time stamp, and an NFT certificate is issued. Anyone can check that the document has not changed since it was sealed, and when that happened.',
        ],
      },
    ],
  },
  about: {
    lead: 'SignSeal makes agreements between people simple to reach and easy to prove.',
    sections: [
      {
        id: 'mission',
        heading: 'Our mission',
        blocks: [
          'Contracts are still too often printed, posted, signed and scanned. We built SignSeal so that any business can send a contract, collect signatures and keep reliable evidence, entirely online.',
        ],
      },
      {
        id: 'approach',
        heading: 'What makes us different',
        blocks: [
          'We combine three things: electronic signatures that anyone can use, live video recordings of consent, and a blockchain time stamp that proves when a document was completed and that it has not changed since.',
        ],
      },
      {
        id: 'what-we-are-not',
        heading: 'What we are not',
        blocks: [
          'SignSeal is a technology service. We are not a law firm or a notary, we do not give legal advice and we do not check the content of your contracts or the identity of the parties. Our job is to give you the tools and the evidence; the decisions remain yours.',
        ],
      },
      // Only what the operator configured (issue #29): no section without details.
      ...(companyLines().length > 0
        ? [{ id: 'company', heading: 'Company information', blocks: [{ list: companyLines() }] }]
        : []),
    ],
  },
  plans: {
    lead: 'Choose the plan that fits the way you work. Every plan starts with a free 30-day trial.',
    priceAtCheckout: 'Price shown at checkout',
    displayOnlyNote:
      'Prices are in US dollars; Standard prices are per seat. You pay by card at checkout after signing in.',
    families: {
      personal: {
        description: 'For individuals and sole traders.',
        features: ['1 seat', '5 envelopes per month', 'Reusable templates'],
      },
      standard: {
        description: 'For teams that share templates and work together.',
        features: [
          'All Personal features',
          'Up to 50 seats, you choose how many',
          'Shared templates',
          'Collaborative commenting',
          'Customised branding',
        ],
      },
      oneTime: {
        description: 'Pay only for the contracts you send, no subscription.',
        features: [
          'All Standard features',
          'Up to 5 seats',
          'Real-estate forms',
          'Signer attachments',
          'Strikethrough',
          'Forms integration',
          'Your brand logo',
          'You choose the number of contracts',
        ],
      },
    },
    faq: [
      {
        id: 'trial',
        question: 'Is there a free trial?',
        answer: ['Yes. Every new account can use SignSeal free for 30 days, with no credit card required.'],
      },
      {
        id: 'annual-vs-monthly',
        question: 'What is the difference between annual and monthly plans?',
        answer: [
          'The features are the same. An annual plan is paid once a year and costs less per month than the monthly plan.',
        ],
      },
      {
        id: 'seats',
        question: 'How do seats work?',
        answer: [
          'A seat is one person who can send contracts from your account. Personal has one seat; with Standard you choose from 1 to 50 seats when you buy.',
        ],
      },
      {
        id: 'cancel',
        question: 'Can I cancel my subscription?',
        answer: [
          'Yes. You can cancel at any time from your account page; your plan stays active until the end of the period you have paid for.',
        ],
      },
      {
        id: 'one-time',
        question: 'How does the one-time purchase work?',
        answer: [
          'You buy a number of contracts up front, without a subscription. Each contract you send uses one of them.',
        ],
      },
    ],
  },
  terms: {
    updated: 'December 23, 2022',
    intro: [
      'These Terms and Conditions govern your use of the SignSeal website and service. By using the service you agree to them. Please read them carefully.',
      'SignSeal is not a law firm or a notary. It does not give legal advice, does not verify the content of contracts or the identity of the parties, and has no notarization effect. The parties to a contract must verify these matters themselves.',
    ],
    sections: [
      {
        id: 'audiences',
        heading: 'Who these terms apply to',
        blocks: [
          'These terms apply to three kinds of people:',
          {
            list: [
              'Website visitors: anyone who browses our website.',
              'Customers: businesses that subscribe to the service. The service is offered to businesses, not to consumers.',
              'Users: people authorised to use a customer’s account, and end users who sign or review documents.',
            ],
          },
        ],
      },
      {
        id: 'updates',
        heading: 'Updates and communications',
        blocks: [
          'We may update these terms from time to time and will tell you about important changes. By using the service you agree to receive communications from us electronically.',
        ],
      },
      {
        id: 'ownership',
        heading: 'Ownership',
        blocks: [
          'We own the service, the website and everything we provide through them. You keep all rights to the documents and content you upload.',
        ],
      },
      {
        id: 'restrictions',
        heading: 'Restrictions on use',
        blocks: [
          'You may not misuse the service, for example by breaking the law, infringing the rights of others, interfering with the service or trying to access it in ways we do not allow.',
          'We may pre-screen, move, edit or remove user content that breaks these terms. Profiles are visible to other users unless you make yours private.',
        ],
      },
      {
        id: 'privacy',
        heading: 'Privacy',
        blocks: [
          'Our Privacy Policy explains how we collect and use personal information. It forms part of these terms.',
        ],
      },
      {
        id: 'access-disclosure',
        heading: 'Access and disclosure',
        blocks: [
          'We may access or disclose information about your account when the law requires it, to operate and protect the service, or to protect the rights and safety of others.',
        ],
      },
      {
        id: 'confidentiality',
        heading: 'Confidentiality',
        blocks: [
          'Each party keeps the other’s confidential information confidential and uses it only to provide or use the service.',
        ],
      },
      {
        id: 'termination',
        heading: 'Termination',
        blocks: [
          'You may stop using the service and close your account at any time. We may suspend or end your access if you break these terms.',
        ],
      },
      {
        id: 'warranties',
        heading: 'Warranties',
        blocks: [
          'The service is provided “as is”. To the extent the law allows, we make no warranties beyond those stated in these terms.',
        ],
      },
      {
        id: 'indemnification',
        heading: 'Indemnification',
        blocks: [
          'You will defend and indemnify us against claims arising from your content or from your breach of these terms.',
        ],
      },
      {
        id: 'liability',
        heading: 'Limits of liability',
        blocks: [
          'Our total liability to you is limited to the greater of 100 US dollars or the fees you paid us in the 12 months before the claim.',
        ],
      },
      {
        id: 'general',
        heading: 'General terms',
        blocks: [
          {
            list: [
              'Notices: a notice takes effect on receipt when sent through the service, 2 business days after mailing, or 1 business day after delivery by courier.',
              'Disputes: please first raise any dispute with us by e-mail, with a written description of the problem.',
              'Order of precedence: your subscription plan, then attachments to the service schedule, then the service schedule, then these terms.',
              'Severability: if any part of these terms cannot be enforced, the rest remains in effect.',
            ],
          },
        ],
      },
    ],
  },
  privacy: {
    updated: 'December 23, 2022',
    intro: [
      'This Privacy Policy explains what personal information SignSeal collects, why, and the choices and rights you have. It applies to our website and service.',
      'When a business customer uses SignSeal, that customer decides how the information in its account is used (it is the controller) and we process it on its behalf (we are the processor).',
    ],
    sections: [
      {
        id: 'collection',
        heading: 'Information we collect',
        blocks: [
          'Depending on how you use the service, we collect:',
          {
            list: [
              'your name, e-mail address, mailing address and phone number;',
              'your electronic signature;',
              'billing and payment data;',
              'geolocation, IP address and device identifiers;',
              'operating system and browser type;',
              'usage logs;',
              'transaction history: who started, viewed and signed a document, the signer’s IP address and time stamps.',
            ],
          },
        ],
      },
      {
        id: 'use',
        heading: 'How we use information',
        blocks: [
          'We use this information to provide and secure the service, to create the evidence that goes with your contracts, to bill you, to answer your questions and, if you agree, to send you marketing messages.',
          'A signer’s video must be recorded live; we never accept a previously recorded video.',
        ],
      },
      {
        id: 'sharing',
        heading: 'How we share information',
        blocks: [
          'We share information with the other parties to a document you take part in, with service providers who work for us under contract, and when the law requires it. We do not sell personal information.',
        ],
      },
      {
        id: 'retention',
        heading: 'How long we keep information',
        blocks: [
          'We keep information for as long as your account is active and as long as needed to provide the service, keep evidence of your contracts and meet our legal obligations.',
        ],
      },
      {
        id: 'choices',
        heading: 'Your choices',
        blocks: [
          'You can opt out of marketing messages at any time. We may send one message to confirm the opt-out; service messages about your documents and account will continue.',
          'Our website does not respond to “Do Not Track” signals.',
        ],
      },
      {
        id: 'children',
        heading: 'Children’s privacy',
        blocks: [
          'The service is not intended for anyone under 18. If we learn that we collected information from a minor without verified parental consent, we delete it.',
        ],
      },
      {
        id: 'rights',
        heading: 'Your rights',
        blocks: [
          'Depending on where you live, you may have the right to:',
          {
            list: [
              'access your information;',
              'correct it;',
              'erase it;',
              'object to or restrict its processing;',
              'export it;',
              'withdraw your consent;',
              'complain to your local data protection authority.',
            ],
          },
          'We must verify your identity before acting on a request; account holders do so by signing in. Someone acting for you must show proof of their authorisation. When we process information for a business customer, we forward your request to that customer.',
        ],
      },
      {
        id: 'protection',
        heading: 'How we protect information',
        blocks: [
          'We use technical and organisational measures, such as encryption and access controls, to protect personal information. No system is perfectly secure, so please keep your password safe.',
        ],
      },
      {
        id: 'changes',
        heading: 'Changes to this policy',
        blocks: [
          'We may update this policy. We will post the new version here with its date and tell you about important changes.',
        ],
      },
      {
        id: 'contact',
        heading: 'Contact us',
        blocks: [
          SITE.company.email
            ? `Questions about this policy or your information? Write to us at ${SITE.company.email}.`
            : 'Questions about this policy or your information? Please contact the operator of this service.',
        ],
      },
    ],
  },
  refund: {
    updated: 'December 23, 2022',
    intro: [
      'This policy applies to purchases of artworks on the SignSeal marketplace pages. Please read it before you buy.',
    ],
    sections: [
      {
        id: 'reporting',
        heading: 'Reporting a problem',
        blocks: [
          {
            list: [
              'If the item you received differs from its listing, tell us within 7 days of receiving it.',
              'If your delivery is late, tell us within 14 days of the latest estimated delivery date.',
              'If you doubt that an artwork is authentic, tell us within 180 days.',
            ],
          },
        ],
      },
      {
        id: 'cancellation',
        heading: 'Cancellations',
        blocks: [
          'If you cancel an order after paying but before it is shipped, a cancellation fee of 30% of the price applies.',
        ],
      },
      {
        id: 'returns',
        heading: 'Returns, exchanges and refunds',
        blocks: [
          'You can ask for a return, an exchange or a refund within 7 days of receiving your item.',
          'Digital art is, in principle, not refundable.',
        ],
      },
      {
        id: 'refund-account',
        heading: 'Receiving your refund',
        blocks: ['Refunds are paid only into a bank account in the buyer’s own name.'],
      },
      {
        id: 'contact',
        heading: 'Contact',
        blocks: [
          SITE.company.email
            ? `To report a problem or ask for a refund, write to ${SITE.company.email}.`
            : 'To report a problem or ask for a refund, please contact the operator of this service.',
        ],
      },
    ],
  },
  status: {
    lead: 'The current state of the SignSeal service and each of its components.',
  },
};
